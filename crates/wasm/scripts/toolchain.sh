#!/bin/sh
# Installs the toolchain of weburl-wasm (run by `cargo xtask wasm build|test|bench`; safe to
# run again: each step is skipped when its result is there).
#
# What works on this machine (Debian 12 "bookworm", found 2026-11; rustup's toolchains have no
# wasm32 target and rustup cannot download one):
#
#   * Debian's rustc-web/cargo-web/rust-web-src 1.85.0+dfsg3-1~deb12u3 build the standard
#     library for wasm32-unknown-unknown with `-Zbuild-std` (RUSTC_BOOTSTRAP=1), linking with
#     Debian's lld (`wasm-ld`, 14). The issue expected 1.96: bookworm has 1.85 only.
#   * rustup's 1.95 (and the nightly 1.97) cannot build 1.85's library sources ("feature has
#     been removed", built-in macros missing), and no 1.95 library sources are on the machine:
#     the compiler must be 1.85.
#   * The workspace's crates are Rust 1.88 (`rust-version`) and use three library APIs newer
#     than 1.85: `<[T]>::as_chunks` (1.88), `core::hint::select_unpredictable` (1.88) and
#     `String::extend_from_within` (1.87). This script copies 1.85's library sources into
#     target/wasm-tools/rust-src and backports them there (marked stable under a feature name of
#     its own; select_unpredictable over 1.85's intrinsic of the same name), and
#     `cargo xtask wasm build` points -Zbuild-std at the copy (__CARGO_TESTS_ONLY_SRC_ROOT).
#     The dependencies are pinned in crates/wasm/Cargo.lock to releases that build on 1.85
#     (icu_locale_core and icu_provider 2.2.0, zerovec 0.11.6, ...).
#   * wasm-bindgen-cli from crates.io, the version of the wasm-bindgen crate in Cargo.lock,
#     built by the host's cargo into target/wasm-tools (`--locked` fails: its lock file names
#     a webpki-roots release the registry no longer has).
#   * wasm-opt from Debian's binaryen (108); Node 20 and npm as the machine has them.
#   * whatwg-url and tldts from npm, pinned, into target/wasm/node_modules (tests and bench
#     only: the package has no dependencies); terser, pinned, there too: the bench minifies
#     every package's JavaScript the same way before it compares sizes.
#
# A pinned Debian version that is gone from the archive (the next security upload removes a
# point release's package) is replaced, after `apt-get update`, by the archive's current
# version of the same package with a loud warning naming both, if it is the same major
# toolchain (Rust 1.85, lld 14, binaryen 108); otherwise the script fails.
#
# Exit status 3 means "cannot install here" (the packages missing, and no apt-get or no root
# for it): `cargo xtask test` then skips the wasm step with the reason (under CI, fails).
set -eu

ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
TOOLS="$ROOT/target/wasm-tools"
DEBIAN_RUST=1.85.0+dfsg3-1~deb12u3
APT_PACKAGES="rustc-web=$DEBIAN_RUST cargo-web=$DEBIAN_RUST rust-web-src=$DEBIAN_RUST lld=1:14.0-55.7~deb12u1 binaryen=108-1"
WASM_BINDGEN=0.2.130
NPM_PINS="whatwg-url@17.3.0 tldts@7.6.0 terser@5.36.0"

apt_install() {
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@" >&2
}
# The archive's current version of package $1 (empty when it has none).
candidate() {
  apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: //p' | grep -v '^(none)$' || true
}
# The part of a version of package $1 that must not change for the build to work: Rust's
# major.minor (the backports below and Cargo.lock are for 1.85), the others' major version.
major() {
  case $1 in
    rustc-web | cargo-web | rust-web-src) echo "$2" | sed 's/^\([0-9]*:\)\{0,1\}\([0-9]*\.[0-9]*\).*/\2/' ;;
    *) echo "$2" | sed 's/^\([0-9]*:\)\{0,1\}\([0-9]*\).*/\1\2/' ;;
  esac
}
UPDATED=
apt_update() {
  if [ -z "$UPDATED" ]; then
    echo "toolchain.sh: apt-get update" >&2
    apt-get update >&2 || { echo "toolchain.sh: apt-get update failed" >&2; return 1; }
    UPDATED=1
  fi
}

need_apt=
for p in rustc-web cargo-web rust-web-src lld binaryen; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    need_apt=1
  fi
done
if [ -n "$need_apt" ]; then
  if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg-query >/dev/null 2>&1; then
    echo "toolchain.sh: cannot install $APT_PACKAGES: no apt-get here" >&2
    exit 3
  fi
  if [ "$(id -u)" != 0 ]; then
    echo "toolchain.sh: cannot install $APT_PACKAGES: not root" >&2
    exit 3
  fi
  echo "toolchain.sh: apt-get install $APT_PACKAGES" >&2
  if ! apt_install $APT_PACKAGES; then
    apt_update || exit 1
    if ! apt_install $APT_PACKAGES; then
      # A pinned version is gone from the archive (a security upload replaces a point
      # release's package): the archive's current version of the same package, if its
      # toolchain is the same major one.
      current=
      for pin in $APT_PACKAGES; do
        name=${pin%%=*}
        want=${pin#*=}
        have=$(candidate "$name")
        if [ -z "$have" ]; then
          echo "toolchain.sh: $name is not in the archive at all" >&2
          exit 1
        fi
        if [ "$(major "$name" "$have")" != "$(major "$name" "$want")" ]; then
          echo "toolchain.sh: $name=$want is not in the archive and its current version $have is another major toolchain: update the pins in $0" >&2
          exit 1
        fi
        if [ "$have" != "$want" ]; then
          echo "toolchain.sh: WARNING: *** $name=$want (pinned) is not in the archive any more: installing its current version $name=$have instead; update the pin in $0 ***" >&2
        fi
        current="$current $name=$have"
      done
      echo "toolchain.sh: apt-get install$current" >&2
      # shellcheck disable=SC2086
      apt_install $current || { echo "toolchain.sh: apt-get install$current failed" >&2; exit 1; }
    fi
  fi
fi
# The compiler installed (the pinned one, or after a fallback the archive's).
RUST_INSTALLED=$(dpkg-query -W -f='${Version}' rustc-web)
if [ "$(major rustc-web "$RUST_INSTALLED")" != "$(major rustc-web "$DEBIAN_RUST")" ]; then
  echo "toolchain.sh: rustc-web $RUST_INSTALLED is installed; the build needs $(major rustc-web "$DEBIAN_RUST").x ($DEBIAN_RUST)" >&2
  exit 1
fi
if [ "$RUST_INSTALLED" != "$DEBIAN_RUST" ]; then
  echo "toolchain.sh: WARNING: *** rustc-web $RUST_INSTALLED is installed, not the pinned $DEBIAN_RUST ***" >&2
fi

# The library sources with the backports (redone when BACKPORTS, their version, changes).
BACKPORTS=1
SRC="$TOOLS/rust-src"
STAMP="$SRC/.stamp"
WANT="$RUST_INSTALLED backports $BACKPORTS"
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; then
  echo "toolchain.sh: library sources with backports into $SRC" >&2
  rm -rf "$SRC"
  mkdir -p "$SRC"
  cp -r /usr/lib/rustlib/src/rust/library "$SRC/"
  L="$SRC/library"
  sed -i 's/#\[unstable(feature = "slice_as_chunks", issue = "74985")\]/#[stable(feature = "weburl_backport_as_chunks", since = "1.88.0")]/' "$L/core/src/slice/mod.rs"
  sed -i 's/#\[unstable(feature = "string_extend_from_within", issue = "103806")\]/#[stable(feature = "weburl_backport_string_extend_from_within", since = "1.87.0")]/' "$L/alloc/src/string.rs"
  cat >> "$L/core/src/hint.rs" <<'RS'

/// weburl-wasm's backport of Rust 1.88's `core::hint::select_unpredictable` onto 1.85.
#[stable(feature = "weburl_backport_select_unpredictable", since = "1.88.0")]
#[inline(always)]
pub fn select_unpredictable<T>(condition: bool, true_val: T, false_val: T) -> T {
    crate::intrinsics::select_unpredictable(condition, true_val, false_val)
}
RS
  grep -q weburl_backport_as_chunks "$L/core/src/slice/mod.rs"
  grep -q weburl_backport_string_extend_from_within "$L/alloc/src/string.rs"
  # The standard library built from the old copy is stale: cargo does not fingerprint it.
  rm -rf "$ROOT/target/wasm-build/wasm32-unknown-unknown/release/.fingerprint/"core-* \
    "$ROOT/target/wasm-build/wasm32-unknown-unknown/release/.fingerprint/"alloc-* \
    "$ROOT/target/wasm-build/wasm32-unknown-unknown/release/.fingerprint/"std-*
  echo "$WANT" > "$STAMP"
fi

if [ ! -x "$TOOLS/bin/wasm-bindgen" ] || ! "$TOOLS/bin/wasm-bindgen" --version | grep -q " $WASM_BINDGEN"; then
  echo "toolchain.sh: cargo install wasm-bindgen-cli $WASM_BINDGEN" >&2
  # The host's cargo (rustup's), not Debian's 1.85 on /usr/bin.
  "${CARGO:-cargo}" install --version "$WASM_BINDGEN" wasm-bindgen-cli --root "$TOOLS" \
    --target-dir "$TOOLS/build" >&2
fi

# Chromium, for the viewer's headless test (tests/viewer.test.mjs skips without it). Pinned to
# the security update of bookworm this was tested with; the archive's current version is
# used, with a warning, if that one is gone from the archive (after an `apt-get update`).
CHROMIUM=148.0.7778.167-1~deb12u1
if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "toolchain.sh: apt-get install chromium=$CHROMIUM" >&2
  if ! apt_install "chromium=$CHROMIUM"; then
    if apt_update && apt_install "chromium=$CHROMIUM"; then
      :
    else
      have=$(candidate chromium)
      echo "toolchain.sh: WARNING: *** chromium=$CHROMIUM (pinned) is not in the archive any more: installing its current version ${have:-(none)} instead; update the pin in $0 ***" >&2
      apt_install chromium ||
        echo "toolchain.sh: no chromium: the viewer's test will be skipped" >&2
    fi
  fi
fi

if [ "${WEBURL_WASM_NPM:-1}" = 1 ]; then
  mkdir -p "$ROOT/target/wasm"
  for pin in $NPM_PINS; do
    name=${pin%@*}
    version=${pin#*@}
    have=$(node -p "try{require('$ROOT/target/wasm/node_modules/$name/package.json').version}catch{''}" 2>/dev/null || true)
    if [ "$have" != "$version" ]; then
      echo "toolchain.sh: npm install $pin" >&2
      (cd "$ROOT/target/wasm" && [ -f package.json ] || echo '{"private":true}' > "$ROOT/target/wasm/package.json"
       cd "$ROOT/target/wasm" && npm install --no-audit --no-fund --save-exact "$pin" >&2)
    fi
  done
fi
echo "toolchain.sh: ready" >&2
