#!/usr/bin/env bash
# Times the candidate picture decoders on a 1,024 x 768 scene in JPEG, PNG, GIF and WebP
# (Benchmarks/image_decoders.c): each format's own library, gdk-pixbuf and libvips. Needs the dev
# venv's Pillow (Scripts/test makes it) for the pictures, and installs the libraries it compares.
#   Benchmarks/image-decoders.sh [RUNS]
set -euo pipefail
runs=${1:-51}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=../Scripts/lib/common.sh
source "$root/Scripts/lib/common.sh"
# shellcheck source=../Scripts/lib/prerequisites.sh
source "$ES_LIB_DIR/prerequisites.sh"
ES_APT_PACKAGES=(gcc libc6-dev pkg-config libturbojpeg0-dev libspng-dev libwebp-dev libgif-dev libgdk-pixbuf-2.0-dev libvips-dev)
es_ensure_system_packages
python=${ELEMENT_SHELL_TEST_PYTHON:-${XDG_CACHE_HOME:-$HOME/.cache}/element-shell-dev/venv/bin/python}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$python" "$root/Benchmarks/make_images.py" "$work"
# shellcheck disable=SC2046  # pkg-config's flags are words
gcc -O2 -o "$work/image_decoders" "$root/Benchmarks/image_decoders.c" \
    $(pkg-config --cflags --libs gdk-pixbuf-2.0 vips spng libturbojpeg libwebp) -lgif
"$work/image_decoders" "$work" "$runs"
