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
//! buffers are only taken for a request of at least that size. Any thread may give or take
//! (a result may be released on any thread); a poisoned lock keeps nothing.

use std::sync::Mutex;

/// How many buffers of each kind (text, offsets) are kept.
const KEPT: usize = 4;

/// The most bytes (capacity) kept in all.
const MAX_BYTES: usize = 64 << 20;

/// The least capacity in bytes of a buffer worth keeping, and of a request served from here.
const MIN_BYTES: usize = 64 << 10;

/// The kept buffers.
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

/// A kept buffer of `kept` for a request of `want` elements: the smallest one with room for
/// them, else (for a string result's text, whose length the request only bounds) the largest
/// one that has at least `least` of them. `None`: none fits, or the request is too small.
fn take<T>(kept: &mut Vec<Vec<T>>, want: usize, least: usize) -> Option<Vec<T>> {
    if want.saturating_mul(size_of::<T>()) < MIN_BYTES {
        return None;
    }
    let fits = kept
        .iter()
        .enumerate()
        .filter(|(_, v)| v.capacity() >= want)
        .min_by_key(|(_, v)| v.capacity())
        .or_else(|| {
            kept.iter()
                .enumerate()
                .filter(|(_, v)| v.capacity() >= least)
                .max_by_key(|(_, v)| v.capacity())
        })
        .map(|(i, _)| i)?;
    Some(kept.swap_remove(fits))
}

/// Keeps `buffer` (emptied) in `kept` when it is worth keeping and there is room: when
/// [`KEPT`] are already kept, the smallest of them and it is dropped; then the smallest are
/// dropped while the pool holds more than [`MAX_BYTES`].
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
    let kept = POOL
        .lock()
        .ok()
        .and_then(|mut pool| take(&mut pool.text, bytes, bytes / 8));
    kept.unwrap_or_else(|| Vec::with_capacity(bytes))
}

/// An empty offsets buffer with room for `entries`.
pub(crate) fn offsets(entries: usize) -> Vec<i32> {
    let kept = POOL
        .lock()
        .ok()
        .and_then(|mut pool| take(&mut pool.offsets, entries, entries));
    kept.unwrap_or_else(|| Vec::with_capacity(entries))
}

/// Gives back a string result's text buffer.
pub(crate) fn give_text(buffer: Vec<u8>) {
    if let Ok(mut pool) = POOL.lock() {
        give(&mut pool, |p| &mut p.text, buffer);
    }
}

/// Gives back an offsets buffer.
pub(crate) fn give_offsets(buffer: Vec<i32>) {
    if let Ok(mut pool) = POOL.lock() {
        give(&mut pool, |p| &mut p.offsets, buffer);
    }
}
