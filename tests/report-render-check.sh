#!/usr/bin/env bash
# Renders a report.html with headless Chromium and checks that its charts were drawn: the DOM holds the inline SVG
# charts, and a screenshot of the page is far from blank and shows the first pair's chart colour.
# Usage: tests/report-render-check.sh <report.html> [screenshot.png]
# Exit: 0 rendered, 1 the page did not render its charts, 2 bad usage or no chromium.
set -euo pipefail

usage() {
    echo "usage: $0 <report.html> [screenshot.png]" >&2
    exit 2
}

[[ $# -ge 1 && $# -le 2 ]] || usage
report=$1
[[ -f $report ]] || { echo "error: no such file: $report" >&2; exit 2; }
browser=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $browser ]]; then
    echo "error: chromium is not installed (Debian: apt-get install chromium); nothing was checked" >&2
    exit 2
fi

workdir=$(mktemp -d)
trap 'rm -rf "$workdir"' EXIT
screenshot=${2:-$workdir/report.png}
url="file://$(realpath "$report")"
# root needs --no-sandbox; a fresh profile keeps runs independent; timeout: a stuck browser must not hang CI
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$workdir/profile")

expected=$(grep -o '<svg' "$report" | wc -l)
if ! rendered=$(timeout 60 "$browser" "${flags[@]}" --dump-dom "$url" 2>"$workdir/dom.log"); then
    echo "error: chromium could not load $report:" >&2
    cat "$workdir/dom.log" >&2
    exit 1
fi
svgs=$(grep -o '<svg' <<<"$rendered" | wc -l)
if (( expected == 0 || svgs != expected )); then
    echo "error: $report has $expected SVG charts, the rendered DOM $svgs" >&2
    exit 1
fi

if ! timeout 60 "$browser" "${flags[@]}" --window-size="${REPORT_WINDOW:-1400,4000}" \
        --screenshot="$screenshot" "$url" >"$workdir/shot.log" 2>&1 || [[ ! -s $screenshot ]]; then
    echo "error: chromium wrote no screenshot of $report:" >&2
    cat "$workdir/shot.log" >&2
    exit 1
fi

# decodes the PNG with zlib alone (8-bit RGB or RGBA, non-interlaced, as Chromium writes it)
python3 - "$screenshot" <<'PYTHON'
import struct
import sys
import zlib

path = sys.argv[1]
with open(path, "rb") as f:
    data = f.read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit(f"error: {path} is not a PNG")
pos, idat = 8, b""
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    chunk = data[pos + 8:pos + 8 + length]
    if kind == b"IHDR":
        width, height, depth, color_type, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
    elif kind == b"IDAT":
        idat += chunk
    pos += 12 + length
channels = {2: 3, 6: 4}.get(color_type)
if depth != 8 or channels is None or interlace:
    sys.exit(f"error: unexpected PNG format (depth {depth}, colour type {color_type}, interlace {interlace})")
raw = zlib.decompress(idat)
stride = width * channels
previous = bytearray(stride)
non_white = chart_colour = 0
pos = 0
for _ in range(height):
    kind = raw[pos]
    line = bytearray(raw[pos + 1:pos + 1 + stride])
    pos += 1 + stride
    for i in range(stride):
        left = line[i - channels] if i >= channels else 0
        up = previous[i]
        upper_left = previous[i - channels] if i >= channels else 0
        if kind == 1:
            line[i] = (line[i] + left) & 0xFF
        elif kind == 2:
            line[i] = (line[i] + up) & 0xFF
        elif kind == 3:
            line[i] = (line[i] + (left + up) // 2) & 0xFF
        elif kind == 4:
            p = left + up - upper_left
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - upper_left)
            predictor = left if pa <= pb and pa <= pc else up if pb <= pc else upper_left
            line[i] = (line[i] + predictor) & 0xFF
    for x in range(0, stride, channels):
        r, g, b = line[x], line[x + 1], line[x + 2]
        if r < 245 or g < 245 or b < 245:
            non_white += 1
        # the first pair's colour, #0072B2, give or take anti-aliasing
        if abs(r - 0x00) < 24 and abs(g - 0x72) < 24 and abs(b - 0xB2) < 24:
            chart_colour += 1
    previous = line
share = 100.0 * non_white / (width * height)
print(f"screenshot {path}: {width}x{height}, {share:.1f}% non-white, {chart_colour} pixels of the first pair's colour")
if share < 2 or chart_colour < 500:
    sys.exit("error: the screenshot looks blank: no charts were drawn")
PYTHON
echo "rendered: $svgs SVG charts in the DOM of $report; screenshot: $screenshot"
