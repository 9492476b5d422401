#!/bin/sh
# Makes the icon from noise, with the program itself: a 256 px export of the marble preset
# through its colour ramp, in a rounded square (SVG with the PNG inside), then the sized PNGs
# with rsvg-convert (librsvg2-bin). Run once after changing the look; the results are committed
# under packaging/icons/, so building needs neither this script nor rsvg-convert.
#     packaging/make-icon.sh build/release/app/noise-explorer
set -eu
program=${1:?usage: make-icon.sh PATH/TO/noise-explorer}
here=$(cd "$(dirname "$0")" && pwd)
id=org.noiseexplorer.NoiseExplorer
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$program" export --preset "${ICON_PRESET:-alpine-ridges}" --set ramp=terrain --set hillshade=on \
    --size 256x256 --format rgb8 -o "$work/noise.png"
{
  printf '%s\n' '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="256" height="256" viewBox="0 0 256 256">'
  printf '%s\n' '  <title>Noise Explorer</title>'
  printf '%s\n' '  <clipPath id="rounded"><rect x="8" y="8" width="240" height="240" rx="40"/></clipPath>'
  printf '  <image clip-path="url(#rounded)" x="8" y="8" width="240" height="240" preserveAspectRatio="none" xlink:href="data:image/png;base64,%s"/>\n' \
    "$(base64 -w0 "$work/noise.png")"
  printf '%s\n' '  <rect x="8.5" y="8.5" width="239" height="239" rx="39.5" fill="none" stroke="#000" stroke-opacity="0.35"/>'
  printf '%s\n' '</svg>'
} > "$here/icons/$id.svg"
for size in 16 24 32 48 64 128 256; do
  rsvg-convert -w "$size" -h "$size" "$here/icons/$id.svg" -o "$here/icons/$id-$size.png"
done
