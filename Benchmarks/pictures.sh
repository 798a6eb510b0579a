#!/usr/bin/env bash
# Times a 1,024 x 768 JPEG (Benchmarks/make_images.py's scene) from bytes to terminal output in
# a 40 x 12 box, for kitty graphics, iTerm2, sixel and half blocks (element-shell-bench pictures,
# release build). Needs the dev venv's Pillow (Scripts/test makes it) for the picture.
#   Benchmarks/pictures.sh [RUNS [FORMAT]]
set -euo pipefail
runs=${1:-51}
format=${2:-jpg}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
python=${ELEMENT_SHELL_TEST_PYTHON:-${XDG_CACHE_HOME:-$HOME/.cache}/element-shell-dev/venv/bin/python}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$python" "$root/Benchmarks/make_images.py" "$work"
swift build --quiet --package-path "$root" -c release --product element-shell-bench
"$root/.build/release/element-shell-bench" pictures "$work/scene.$format" --runs "$runs"
