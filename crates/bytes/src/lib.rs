//! Bytes a block or a word at a time, for the weburl crates: the workspace's one crate with
//! `unsafe` code, so that every other library crate can `#![forbid(unsafe_code)]`.
//!
//! - [`swar`]: eight bytes at a time in a `u64` ("SIMD within a register"), the one set of
//!   word helpers the URL parser, the Public Suffix List and URL rendering share. Safe code.
//! - [`block`]: the byte classes the URL parser's fast path checks components with (defined
//!   from the URL Standard's percent-encode sets, [`class`]), a [`Block`] of 16 or 32
//!   classified bytes, the [`Classifier`]s that load them ([`Portable`], a table lookup per
//!   byte, the definition; on x86-64 SSSE3 and AVX2), and the window-by-window scan
//!   ([`scan_blocks`]).
//! - [`Pair`] and [`Short`]: classifiers that take a short input as one window.
//! - [`text`]: which of a few byte ranges a string holds ([`text::in_ranges`]: SSE2 on
//!   x86-64), where in a 16-byte block ([`text::range_masks`]), and ASCII bytes as a `String`
//!   ([`text::ascii_string`], [`text::ascii_string_lowercased`]), for crates on the facade.
//! - [`pick`], the CPU's best level of classifiers for an input ([`Picked`]), whose tokens'
//!   `enter` methods run a computation compiled for the CPU with the level's classifier for
//!   the input's length; [`dispatch`], which does the same for a [`WithClassifier`]
//!   computation (and [`each`], which runs one with every classifier).
//!
//! The modules depend one way: `class` (the tables), then `block` (the traits, the portable
//! classifier and the scan), then `pair` and `short` (classifiers over another), then `x86`
//! (its `classes` macros, then `ssse3` and `avx2`, then its `pick` and the tokens' `enter`
//! methods), then `select` ([`pick`], [`dispatch`] and [`each`]).
//!
//! # Where the `unsafe` is, and why it is sound
//!
//! In `text` (x86-64: the call of its SSE2 function and a 16-byte load, its reasoning in
//! that module's docs), and in `x86` (x86-64 builds):
//!
//! - the intrinsic wrappers, each an `unsafe fn` with `#[target_feature]` for the feature its
//!   instruction needs, so that the compiler checks every caller;
//! - the calls of those wrappers by the methods of a block type (`Ssse3Block`, `Avx2Block`),
//!   sound because such a block is made only by its classifier token, and the
//!   token only by [`pick`] (or [`each`]) after the CPU was found to have the feature;
//! - the calls, in the tokens' `enter` methods, of the functions compiled with the feature
//!   enabled, sound because the token exists.
//!
//! A computation is safe code of the calling crate, generic over the classifier (a function
//! the caller passes to `enter`, in an `#[inline(always)]` closure, or a [`WithClassifier`]
//! for [`dispatch`]): `enter` calls it from inside a function compiled for the CPU's
//! feature, and since its code is `#[inline(always)]` all the way down, all of it is compiled
//! for that CPU.
#![cfg_attr(not(test), no_std)]
#![deny(missing_docs)]

extern crate alloc;

pub mod block;
pub mod class;
mod pair;
mod select;
mod short;
pub mod swar;
pub mod text;
#[cfg(target_arch = "x86_64")]
mod x86;

pub use block::{
    before, scan_blocks, scan_blocks_from_one, Block, Classifier, Mask, Portable, PortableBlock,
    Step, Window, WithClassifier,
};
pub use pair::{Pair, PairBlock};
#[cfg(not(target_arch = "x86_64"))]
pub use select::NoWide;
pub use select::{dispatch, each, pick, Narrow, Picked, Wide};
pub use short::Short;
#[cfg(target_arch = "x86_64")]
pub use x86::{Avx2, Ssse3};
