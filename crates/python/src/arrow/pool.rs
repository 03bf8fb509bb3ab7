//! Result buffers kept for the next call: a string result's text and offsets, given back when
//! the result is freed (its last exported array released, or the `Array` dropped) and taken by
//! the next call's builders. Safe code only.
//!
//! Why: a call's result buffers are written once, row by row. Freshly allocated, each of their
//! pages is zeroed by the system on its first write (a minor page fault), and the system's
//! allocator hands large freed blocks back to it (an `mmap` of its own, or a trimmed top of
//! its heap), so every call over a column of some 100,000 rows wrote to fresh pages:
//! `docs/performance.md` (`weburl.arrow` against the Polars plugin) has the figures. A buffer
//! kept here is one whose pages are already mapped.
//!
//! Bounded: at most [`KEPT`] buffers of each kind and [`MAX_BYTES`] bytes in all; a buffer
//! under [`MIN_BYTES`] is not kept (the allocator serves those from memory it keeps), and the
//! buffers are only taken for a request of at least that size, and not for one of less than a
//! [`MAX_RATIO`]th of their size (a small result does not pin a large buffer). Any thread may
//! give or take (a result may be released on any thread); a lock poisoned by a panic elsewhere
//! is still used (the kept buffers are whole vectors, valid whatever the panic interrupted).

use std::sync::{Mutex, MutexGuard, PoisonError};

/// How many buffers of each kind (text, offsets) are kept.
const KEPT: usize = 4;

/// The most bytes (capacity) kept in all.
const MAX_BYTES: usize = 64 << 20;

/// The least capacity in bytes of a buffer worth keeping, and of a request served from here.
const MIN_BYTES: usize = 64 << 10;

/// A kept buffer is not taken for a request of less than this fraction of its capacity.
const MAX_RATIO: usize = 4;

/// The kept buffers.
#[derive(Default)]
struct Pool {
    text: Vec<Vec<u8>>,
    offsets: Vec<Vec<i32>>,
}

static POOL: Mutex<Pool> = Mutex::new(Pool {
    text: Vec::new(),
    offsets: Vec::new(),
});

impl Pool {
    /// Capacity in bytes of everything kept.
    fn bytes(&self) -> usize {
        self.text.iter().map(Vec::capacity).sum::<usize>()
            + self
                .offsets
                .iter()
                .map(|v| v.capacity() * size_of::<i32>())
                .sum::<usize>()
    }
}

/// The pool, locked.
fn pool() -> MutexGuard<'static, Pool> {
    POOL.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A kept buffer of `kept` for a request of `want` elements: the smallest one with room for
/// them, else (for a string result's text, whose length the request only bounds) the largest
/// one that has at least `least` of them; never one of more than [`MAX_RATIO`] times `want`.
/// `None`: none fits, or the request is too small.
fn take<T>(kept: &mut Vec<Vec<T>>, want: usize, least: usize) -> Option<Vec<T>> {
    if want.saturating_mul(size_of::<T>()) < MIN_BYTES {
        return None;
    }
    let most = want.saturating_mul(MAX_RATIO);
    let fits = kept
        .iter()
        .enumerate()
        .filter(|(_, v)| (want..=most).contains(&v.capacity()))
        .min_by_key(|(_, v)| v.capacity())
        .or_else(|| {
            kept.iter()
                .enumerate()
                .filter(|(_, v)| (least..=most).contains(&v.capacity()))
                .max_by_key(|(_, v)| v.capacity())
        })
        .map(|(i, _)| i)?;
    Some(kept.swap_remove(fits))
}

/// Keeps `buffer` (emptied) in `kept` when it is worth keeping and there is room: when
/// [`KEPT`] are already kept, the smallest of them and it is dropped; then the largest (of
/// either kind) are dropped while the pool holds more than [`MAX_BYTES`].
fn give<T>(pool: &mut Pool, which: fn(&mut Pool) -> &mut Vec<Vec<T>>, mut buffer: Vec<T>) {
    if buffer.capacity().saturating_mul(size_of::<T>()) < MIN_BYTES {
        return;
    }
    buffer.clear();
    let kept = which(pool);
    kept.push(buffer);
    if kept.len() > KEPT {
        drop_smallest(kept);
    }
    while pool.bytes() > MAX_BYTES {
        // The largest first: what is left is then the most buffers that fit.
        let text_largest = pool.text.iter().map(Vec::capacity).max().unwrap_or(0);
        let offsets_largest = pool
            .offsets
            .iter()
            .map(|v| v.capacity() * size_of::<i32>())
            .max()
            .unwrap_or(0);
        if text_largest >= offsets_largest {
            drop_largest(&mut pool.text);
        } else {
            drop_largest(&mut pool.offsets);
        }
    }
}

fn drop_smallest<T>(kept: &mut Vec<Vec<T>>) {
    if let Some((i, _)) = kept.iter().enumerate().min_by_key(|(_, v)| v.capacity()) {
        kept.swap_remove(i);
    }
}

fn drop_largest<T>(kept: &mut Vec<Vec<T>>) {
    if let Some((i, _)) = kept.iter().enumerate().max_by_key(|(_, v)| v.capacity()) {
        kept.swap_remove(i);
    }
}

/// An empty text buffer for a string result whose text is at most about `bytes` long: a kept
/// one with room for them, else a kept one of at least an eighth of that (a result's text is
/// often much shorter than its input's; the buffer grows if it must), else a new one with room
/// for `bytes`.
pub(crate) fn text(bytes: usize) -> Vec<u8> {
    let kept = take(&mut pool().text, bytes, bytes / 8);
    kept.unwrap_or_else(|| Vec::with_capacity(bytes))
}

/// An empty offsets buffer with room for `entries`.
pub(crate) fn offsets(entries: usize) -> Vec<i32> {
    let kept = take(&mut pool().offsets, entries, entries);
    kept.unwrap_or_else(|| Vec::with_capacity(entries))
}

/// Gives back a string result's text buffer.
pub(crate) fn give_text(buffer: Vec<u8>) {
    give(&mut pool(), |p| &mut p.text, buffer);
}

/// Gives back an offsets buffer.
pub(crate) fn give_offsets(buffer: Vec<i32>) {
    give(&mut pool(), |p| &mut p.offsets, buffer);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Empty buffers of these capacities.
    fn buffers(capacities: &[usize]) -> Vec<Vec<u8>> {
        capacities.iter().map(|&c| Vec::with_capacity(c)).collect()
    }

    fn capacities(kept: &[Vec<u8>]) -> Vec<usize> {
        let mut c: Vec<usize> = kept.iter().map(Vec::capacity).collect();
        c.sort_unstable();
        c
    }

    #[test]
    fn take_gives_the_smallest_that_fits() {
        let mut kept = buffers(&[400 << 10, 100 << 10, 200 << 10]);
        let got = take(&mut kept, 150 << 10, 150 << 10).map(|v| v.capacity());
        assert_eq!(got, Some(200 << 10));
        assert_eq!(capacities(&kept), [100 << 10, 400 << 10]);
    }

    #[test]
    fn take_else_gives_the_largest_of_at_least_least() {
        let mut kept = buffers(&[100 << 10, 300 << 10, 200 << 10]);
        // None has room for 1 MiB: the largest of at least an eighth of it.
        let got = take(&mut kept, 1 << 20, (1 << 20) / 8).map(|v| v.capacity());
        assert_eq!(got, Some(300 << 10));
        // None of at least `least`: nothing.
        assert!(take(&mut kept, 4 << 20, (4 << 20) / 8).is_none());
        assert_eq!(capacities(&kept), [100 << 10, 200 << 10]);
    }

    #[test]
    fn take_refuses_a_buffer_far_larger_than_the_request() {
        let mut kept = buffers(&[4 << 20]);
        assert!(take(&mut kept, (1 << 20) - 1, 1).is_none());
        let got = take(&mut kept, 1 << 20, 1).map(|v| v.capacity());
        assert_eq!(got, Some(4 << 20));
    }

    #[test]
    fn take_serves_no_small_request() {
        let mut kept = buffers(&[MIN_BYTES]);
        assert!(take(&mut kept, MIN_BYTES - 1, 1).is_none());
        assert_eq!(kept.len(), 1);
        // In bytes: 32-bit offsets count four a value.
        let mut offsets = vec![Vec::<i32>::with_capacity(MIN_BYTES)];
        assert!(take(&mut offsets, MIN_BYTES / 4 - 1, 1).is_none());
        assert!(take(&mut offsets, MIN_BYTES / 4, 1).is_some());
    }

    #[test]
    fn give_keeps_no_small_buffer() {
        let mut pool = Pool::default();
        give(
            &mut pool,
            |p| &mut p.text,
            Vec::with_capacity(MIN_BYTES - 1),
        );
        give(
            &mut pool,
            |p| &mut p.offsets,
            Vec::with_capacity(MIN_BYTES / 4 - 1),
        );
        assert!(pool.text.is_empty() && pool.offsets.is_empty());
        give(&mut pool, |p| &mut p.text, vec![1; MIN_BYTES]);
        assert_eq!(pool.text.len(), 1);
        assert!(pool.text.iter().all(Vec::is_empty), "kept emptied");
    }

    #[test]
    fn give_keeps_at_most_kept_of_each_kind_dropping_the_smallest() {
        let mut pool = Pool::default();
        for k in [3, 1, 5, 2, 4, 6] {
            give(
                &mut pool,
                |p| &mut p.text,
                Vec::with_capacity(k * MIN_BYTES),
            );
        }
        assert_eq!(pool.text.len(), KEPT);
        assert_eq!(capacities(&pool.text), [3, 4, 5, 6].map(|k| k * MIN_BYTES));
        give(&mut pool, |p| &mut p.offsets, Vec::with_capacity(MIN_BYTES));
        assert_eq!(pool.offsets.len(), 1, "each kind its own count");
    }

    #[test]
    fn give_drops_the_largest_while_over_max_bytes() {
        let mut pool = Pool::default();
        give(
            &mut pool,
            |p| &mut p.text,
            Vec::with_capacity(MAX_BYTES / 2),
        );
        give(
            &mut pool,
            |p| &mut p.offsets,
            Vec::with_capacity(MAX_BYTES / 16),
        );
        give(
            &mut pool,
            |p| &mut p.text,
            Vec::with_capacity(MAX_BYTES / 8),
        );
        assert_eq!(pool.bytes(), MAX_BYTES / 2 + MAX_BYTES / 4 + MAX_BYTES / 8);
        // Over the bound: the largest buffer (of either kind) goes.
        give(
            &mut pool,
            |p| &mut p.offsets,
            Vec::with_capacity(MAX_BYTES / 16),
        );
        assert_eq!(capacities(&pool.text), [MAX_BYTES / 8]);
        assert_eq!(pool.offsets.len(), 2);
        assert!(pool.bytes() <= MAX_BYTES);
        // One buffer over the bound is not kept at all.
        give(
            &mut pool,
            |p| &mut p.text,
            Vec::with_capacity(MAX_BYTES + 1),
        );
        assert_eq!(capacities(&pool.text), [MAX_BYTES / 8]);
        assert!(pool.bytes() <= MAX_BYTES);
    }
}
