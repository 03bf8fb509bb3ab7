//! A global allocator that counts allocations per thread, for tests that check how many
//! allocations an operation makes.
//!
//! ```
//! #[global_allocator]
//! static ALLOC: weburl_alloc_count::Counting = weburl_alloc_count::Counting;
//!
//! fn main() {
//!     // In a test: `count(|| Url::parse("https://example.com/"))`.
//!     let (bytes, allocs) = weburl_alloc_count::count(|| vec![0u8; 64]);
//!     assert_eq!((bytes.len(), allocs), (64, 1));
//! }
//! ```
//!
//! Counts are per thread, so tests running in parallel do not disturb each other.
#![deny(missing_docs)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    /// Allocations (and reallocations) made by this thread so far. Const-initialized and
    /// without a destructor, so using it never allocates.
    static ALLOCS: Cell<u64> = const { Cell::new(0) };
}

/// The system allocator, counting each `alloc`, `alloc_zeroed` and `realloc` of the calling
/// thread. Install it with `#[global_allocator]`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counting;

#[inline]
fn bump() {
    // `try_with`: during thread teardown the counter may be gone; those allocations are not
    // counted.
    let _ = ALLOCS.try_with(|n| n.set(n.get() + 1));
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so the
// `GlobalAlloc` contract is `System`'s; the counting only touches a thread-local `Cell`,
// which neither allocates nor unwinds.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        bump();
        // SAFETY: forwarded with the caller's guarantees (`layout` has non-zero size).
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        bump();
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` (through this allocator) with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        bump();
        // SAFETY: forwarded with the caller's guarantees about `ptr`, `layout`, `new_size`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// The number of allocations (including reallocations) this thread has made so far, when
/// [`Counting`] is the global allocator (always 0 otherwise).
pub fn allocations() -> u64 {
    ALLOCS.try_with(Cell::get).unwrap_or(0)
}

/// Runs `f` and returns its result with the number of allocations (including reallocations)
/// it made on this thread. The result is returned, not dropped, so dropping it is not counted
/// (deallocations are not counted anyway).
pub fn count<R>(f: impl FnOnce() -> R) -> (R, u64) {
    let before = allocations();
    let r = f();
    (r, allocations() - before)
}
