//! A buffer for [`crate::Url::can_parse`]'s state machine to write into: one per thread, reused
//! from call to call, so that `can_parse` allocates nothing.
//!
//! Not a spec concept. The state machine writes the URL's serialization as it goes (the path
//! state reads it back for dot segments, and the host and port states check what is written),
//! so even a caller that only wants to know whether the input parses needs somewhere to write.
//! (`Url::parse` does not use it: copying a successful result out of a reused buffer costs more
//! than the allocation it saves on a failure, measured on the WPT inputs.)
//!
//! Without the `std` feature there are no thread-locals: [`take`] then allocates a fresh buffer
//! and [`give_back`] frees it.

use alloc::string::String;

/// A scratch buffer longer than this is freed after use instead of kept: a thread that once
/// parsed a huge URL does not hold its memory forever.
#[cfg(feature = "std")]
const KEEP_AT_MOST: usize = 16 * 1024;

/// The capacity of the scratch buffer when first used.
#[cfg(feature = "std")]
const FIRST_CAPACITY: usize = 512;

#[cfg(feature = "std")]
std::thread_local! {
    static SCRATCH: core::cell::Cell<String> = const { core::cell::Cell::new(String::new()) };
}

/// An empty buffer with room for at least `capacity` bytes: the thread's scratch buffer when
/// there is one (it is lent out, so a parse inside a parse, which does not happen, would
/// simply get a fresh one).
pub(crate) fn take(capacity: usize) -> String {
    #[cfg(feature = "std")]
    {
        // `try_with` fails only while the thread is being torn down.
        if let Ok(mut buf) = SCRATCH.try_with(core::cell::Cell::take) {
            buf.clear();
            // The first use allocates room for most URLs at once, not the first input's size
            // (then the next, longer input, would allocate again).
            buf.reserve(capacity.max(FIRST_CAPACITY));
            return buf;
        }
    }
    String::with_capacity(capacity)
}

/// Returns `buf` (taken from [`take`]) to the thread. A buffer without capacity (not from
/// [`take`]) is not kept in place of the thread's.
pub(crate) fn give_back(buf: String) {
    #[cfg(feature = "std")]
    if (1..=KEEP_AT_MOST).contains(&buf.capacity()) {
        // A failure here (thread teardown) just drops `buf`.
        let _ = SCRATCH.try_with(|s| s.set(buf));
    }
    #[cfg(not(feature = "std"))]
    drop(buf);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_are_reused() {
        let mut a = take(10);
        assert!(a.is_empty() && a.capacity() >= 10);
        a.push_str("https://example.org/");
        give_back(a);
        // The buffer came back, cleared on the next take.
        let b = take(0);
        assert!(b.is_empty());
        #[cfg(feature = "std")]
        assert!(b.capacity() >= 20);
        give_back(b);
        give_back(String::new());
        #[cfg(feature = "std")]
        assert!(take(0).capacity() >= 20);
    }

    #[cfg(feature = "std")]
    #[test]
    fn large_buffers_are_not_kept() {
        let mut a = take(KEEP_AT_MOST + 1);
        a.push('x');
        give_back(a);
        assert!(take(0).capacity() <= KEEP_AT_MOST);
    }
}
