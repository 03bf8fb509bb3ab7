#!/bin/sh
# Builds the npm package `weburl` (run by `cargo xtask wasm build`, after toolchain.sh):
#   build.sh full      -> target/wasm/pkg-full, packed as target/wasm/weburl-<version>.tgz
#   build.sh url-only  -> target/wasm/pkg-url-only (no PSL, display, URLPattern, canon data,
#                         no validationErrors: see crates/wasm/Cargo.toml's `validation`),
#                         packed as target/wasm/weburl-url-only-<version>.tgz
# Each: cargo build (Debian's 1.85, -Zbuild-std over the backported sources), wasm-bindgen
# (--target web, ES module), wasm-opt -Oz, the wrapper and types from crates/wasm/js, npm pack.
# The standard library is built with panic_immediate_abort and -Zlocation-detail=none: a panic
# (a bug: errors are data here) traps without the formatting machinery and file names; and
# with optimize_for_size (std's smaller sorts, searches and formatting). Bulk memory is on
# (+bulk-memory: memory.copy/fill instead of compiler_builtins' loops; Node 20 and every
# current browser have it). wasm-opt strips the names, producers and target features.
# Reference types are off (-Ctarget-feature=-reference-types): with them wasm-bindgen
# declares an externref table that Debian's wasm-opt 108 breaks (Node: "WebAssembly.Table.set():
# Argument 1 is invalid for table").
set -eu

ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
VARIANT=${1:-full}
CRATE="$ROOT/crates/wasm"
TOOLS="$ROOT/target/wasm-tools"
OUT="$ROOT/target/wasm"
case "$VARIANT" in
  full) FEATURES= ; NAME=weburl ;;
  url-only) FEATURES=--no-default-features ; NAME=weburl-url-only ;;
  *) echo "build.sh: full or url-only" >&2; exit 2 ;;
esac
TARGET_DIR="$ROOT/target/wasm-build"
PKG="$OUT/pkg-$VARIANT"

cd "$CRATE"
# Debian's rustc 1.85 and cargo 1.85 (rustup's shims come first on PATH otherwise).
PATH=/usr/bin:$PATH \
RUSTC=/usr/bin/rustc \
RUSTC_BOOTSTRAP=1 \
__CARGO_TESTS_ONLY_SRC_ROOT="$TOOLS/rust-src/library" \
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld \
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Ctarget-feature=-reference-types,+bulk-memory -Zlocation-detail=none" \
  /usr/bin/cargo build --release --locked --target wasm32-unknown-unknown \
  -Zbuild-std=std,panic_abort -Zbuild-std-features=panic_immediate_abort,optimize_for_size --target-dir "$TARGET_DIR" --ignore-rust-version $FEATURES >&2

rm -rf "$PKG"
mkdir -p "$PKG"
"$TOOLS/bin/wasm-bindgen" --target web --out-dir "$PKG" --out-name weburl_wasm \
  --no-typescript "$TARGET_DIR/wasm32-unknown-unknown/release/weburl_wasm.wasm"
wasm-opt -Oz --strip-debug --strip-producers --strip-target-features --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-multivalue -o "$PKG/weburl_wasm_bg.wasm" "$PKG/weburl_wasm_bg.wasm"
cp "$CRATE/js/weburl.js" "$CRATE/js/weburl.d.ts" "$CRATE/js/README.md" "$PKG/"
VERSION=$(sed -n 's/^version = "\(.*\)"/\1/p' "$CRATE/Cargo.toml" | head -1)
sed -e "s/@NAME@/$NAME/" -e "s/@VERSION@/$VERSION/" "$CRATE/js/package.json.in" > "$PKG/package.json"
(cd "$PKG" && npm pack --silent --pack-destination "$OUT" >&2)
echo "$OUT/$NAME-$VERSION.tgz"
