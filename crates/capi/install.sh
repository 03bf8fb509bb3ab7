#!/usr/bin/env bash
# Installs weburl's C API under PREFIX (default /usr/local):
#   PREFIX/lib/libweburl_capi.so (or .dylib) and libweburl_capi.a,
#   PREFIX/include/weburl/ada_c.h and weburl.h,
#   PREFIX/lib/pkgconfig/weburl.pc
# Builds the library first (`cargo build --release -p weburl-capi`; WEBURL_PROFILE=debug for a
# debug build). Then: cc app.c $(pkg-config --cflags --libs weburl)
set -euo pipefail
prefix="${1:-/usr/local}"
profile="${WEBURL_PROFILE:-release}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
if [ "$profile" = release ]; then
  cargo build --release -p weburl-capi
else
  cargo build -p weburl-capi
fi
target="${CARGO_TARGET_DIR:-$root/target}/$profile"
version="$(sed -n 's/^version = "\(.*\)"/\1/p' "$root/Cargo.toml" | head -n 1)"
mkdir -p "$prefix/lib/pkgconfig" "$prefix/include/weburl"
cp "$here/include/ada_c.h" "$here/include/weburl.h" "$prefix/include/weburl/"
for lib in libweburl_capi.so libweburl_capi.dylib libweburl_capi.a; do
  if [ -f "$target/$lib" ]; then
    cp "$target/$lib" "$prefix/lib/"
  fi
done
sed -e "s|@PREFIX@|$prefix|" -e "s|@VERSION@|$version|" "$here/weburl.pc.in" \
  > "$prefix/lib/pkgconfig/weburl.pc"
echo "installed weburl's C API under $prefix"
