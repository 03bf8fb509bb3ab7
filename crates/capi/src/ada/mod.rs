//! ada 4.0's C API (`ada_c.h`), on weburl: the same names, types and signatures, and the same
//! semantics except where ada departs from the URL Standard (then the standard; the crate
//! README lists each case).
//!
//! Every function accepts NULL for a handle (the "invalid" result: `false`, 0, `{NULL, 0}`,
//! no effect) and for a string (the empty string).

pub mod misc;
pub mod params;
pub mod types;
pub mod url;
