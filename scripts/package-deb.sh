#!/usr/bin/env bash
# Builds the Debian package: the binary in /usr/bin, the desktop entry in
# /usr/share/applications and the icon in the hicolor theme, so Rangestove
# shows in the desktop's application menu. Needs dpkg-deb (Debian, Ubuntu).
#
#   scripts/package-deb.sh [--binary PATH] [--out DIR] [--uncompressed]
#
# Without --binary it builds the `dist` profile (release with LTO, stripped)
# and packages target/dist/rangestove. The package lands in DIR (default
# target/deb) as rangestove_<version>_<arch>.deb; its path is printed.
# --uncompressed skips dpkg-deb's xz (half a minute of CPU for the binary):
# the tests check the package's contents, not its compression.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
binary=""
out="target/deb"
compression=()
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --uncompressed) compression=(-Znone); shift ;;
        *) echo "usage: $0 [--binary PATH] [--out DIR] [--uncompressed]" >&2; exit 2 ;;
    esac
done
if [ -z "$binary" ]; then
    cargo build --profile dist --locked >&2
    binary="target/dist/rangestove"
fi
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
arch=$(dpkg --print-architecture)
stage=$(mktemp -d)
chmod 0755 "$stage"
trap 'rm -rf "$stage"' EXIT
install -D -m 0755 "$binary" "$stage/usr/bin/rangestove"
install -D -m 0644 assets/linux/rangestove.desktop \
    "$stage/usr/share/applications/rangestove.desktop"
install -D -m 0644 assets/icon.png \
    "$stage/usr/share/icons/hicolor/256x256/apps/rangestove.png"
mkdir -p "$stage/usr/share/doc/rangestove"
printf '%s\n' "Rangestove $version" "Copyright: Rangestove developers" \
    "License: MIT OR Apache-2.0" >"$stage/usr/share/doc/rangestove/copyright"
chmod 0644 "$stage/usr/share/doc/rangestove/copyright"
size=$(du -sk "$stage/usr" | cut -f1)
mkdir -p "$stage/DEBIAN"
# The binary links only libc, libm and libgcc_s; the window system,
# OpenGL and keyboard libraries are opened at run time (winit, glow).
cat >"$stage/DEBIAN/control" <<CONTROL
Package: rangestove
Version: $version
Architecture: $arch
Maintainer: Rangestove developers <rangestove@users.noreply.github.com>
Installed-Size: $size
Depends: libc6, libgcc-s1
Recommends: libgl1, libegl1, libxkbcommon0, libxkbcommon-x11-0, libx11-6, libxcursor1, libxrandr2, libxi6, libwayland-client0, xdg-desktop-portal
Section: games
Priority: optional
Homepage: https://github.com/rangestove/rangestove
Description: range and equity tool for Texas Hold'em
 Build a range per seat on a 13x13 grid, pick the board and dead cards, and
 watch each seat's equity converge, exact or estimated; study every flop,
 the next card, hand strength. The same engine runs from the command line
 (rangestove calc, next, flops, range, eval).
CONTROL
mkdir -p "$out"
deb="$out/rangestove_${version}_${arch}.deb"
dpkg-deb --root-owner-group ${compression[@]+"${compression[@]}"} --build "$stage" "$deb" >&2
echo "$deb"
