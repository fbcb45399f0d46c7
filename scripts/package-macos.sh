#!/usr/bin/env bash
# Builds Rangestove.app for macOS (a universal binary: Apple silicon and
# Intel) and zips it as target/macos/Rangestove-<version>-macos.zip. Runs on
# macOS (lipo, sips, iconutil, ditto); the release workflow calls it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
for target in aarch64-apple-darwin x86_64-apple-darwin; do
    cargo build --profile dist --locked --target "$target"
done
app=target/macos/Rangestove.app
rm -rf "$app"
mkdir -p "$app/Contents/MacOS" "$app/Contents/Resources"
lipo -create -output "$app/Contents/MacOS/rangestove" \
    target/aarch64-apple-darwin/dist/rangestove target/x86_64-apple-darwin/dist/rangestove
# The icon: every size macOS asks for, from the 256-pixel PNG.
iconset=$(mktemp -d)/rangestove.iconset
mkdir -p "$iconset"
for size in 16 32 64 128 256; do
    sips -z "$size" "$size" assets/icon.png --out "$iconset/icon_${size}x${size}.png" >/dev/null
done
cp "$iconset/icon_32x32.png" "$iconset/icon_16x16@2x.png"
cp "$iconset/icon_64x64.png" "$iconset/icon_32x32@2x.png"
cp "$iconset/icon_256x256.png" "$iconset/icon_128x128@2x.png"
rm "$iconset/icon_64x64.png"
iconutil -c icns "$iconset" -o "$app/Contents/Resources/rangestove.icns"
cat >"$app/Contents/Info.plist" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
    <key>CFBundleName</key><string>Rangestove</string>
    <key>CFBundleDisplayName</key><string>Rangestove</string>
    <key>CFBundleIdentifier</key><string>io.github.rangestove</string>
    <key>CFBundleVersion</key><string>$version</string>
    <key>CFBundleShortVersionString</key><string>$version</string>
    <key>CFBundleExecutable</key><string>rangestove</string>
    <key>CFBundleIconFile</key><string>rangestove</string>
    <key>CFBundlePackageType</key><string>APPL</string>
    <key>LSApplicationCategoryType</key><string>public.app-category.card-games</string>
    <key>LSMinimumSystemVersion</key><string>11.0</string>
    <key>NSHighResolutionCapable</key><true/>
</dict>
</plist>
PLIST
ditto -c -k --keepParent "$app" "target/macos/Rangestove-$version-macos.zip"
echo "target/macos/Rangestove-$version-macos.zip"
