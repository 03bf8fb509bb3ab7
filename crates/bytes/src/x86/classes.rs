//! The classes every x86-64 block type computes alike, as macros that write a `Block`
//! impl's methods: by compares (`compare_classes!`) and by nibble tables
//! (`nibble_classes!`). Macros rather than functions because each block type has its own
//! register type and intrinsics (`ssse3`'s 128-bit ones, `avx2`'s 256-bit ones), which the
//! expansion names from the block's module.

/// The classes one or two compares give (`dash`, `period`, `slash`, `dot`), for a block type
/// whose `.0` is a register, with the `splat`, `eq`, `or` and `bits` of that register in scope
/// (`ssse3`'s 128-bit ones or `avx2`'s 256-bit ones).
macro_rules! compare_classes {
    () => {
        #[inline(always)]
        fn dash(self) -> Mask {
            // SAFETY: a block of this type exists only where the CPU has its feature (its
            // classifier's token is made only by `pick` or `each` after checking).
            unsafe { bits(eq(self.0, splat(b'-'))) }
        }
        #[inline(always)]
        fn period(self) -> Mask {
            // SAFETY: as in `dash`.
            unsafe { bits(eq(self.0, splat(b'.'))) }
        }
        #[inline(always)]
        fn slash(self) -> Mask {
            // SAFETY: as in `dash`.
            unsafe { bits(eq(self.0, splat(b'/'))) }
        }
        #[inline(always)]
        fn dot(self) -> Mask {
            // SAFETY: as in `dash`.
            unsafe { bits(or(eq(self.0, splat(b'.')), eq(self.0, splat(b'%')))) }
        }
    };
}

/// The component classes (`host_bad`, `path_bad`, `query_bad`, `fragment_bad`) by nibble
/// tables, for a block type with a `without(&tables)` method (see `nibble_tables`).
macro_rules! nibble_classes {
    () => {
        #[inline(always)]
        fn host_bad(self) -> Mask {
            self.without(&HOST_TABLES)
        }
        #[inline(always)]
        fn path_bad(self) -> Mask {
            self.without(&PATH_TABLES)
        }
        #[inline(always)]
        fn query_bad(self) -> Mask {
            self.without(&QUERY_TABLES)
        }
        #[inline(always)]
        fn fragment_bad(self) -> Mask {
            self.without(&FRAGMENT_TABLES)
        }
    };
}
