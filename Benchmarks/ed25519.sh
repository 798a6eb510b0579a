#!/usr/bin/env bash
# Checks MatrixCrypto's Ed25519 verification against vodozemac on COUNT signatures by KEYS keys
# (each signs COUNT / KEYS in a row, about half altered; Benchmarks/ed25519_vodozemac.py) and
# prints one JSON line: cases, keys, how many vodozemac found valid, disagreements (must be 0),
# and the seconds MatrixCrypto spent verifying. Exits 1 on any disagreement.
#   Benchmarks/ed25519.sh [COUNT [KEYS [SEED]]]
set -euo pipefail
count=${1:-1000000}
keys=${2:-1000}
seed=${3:-1}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
python=${ELEMENT_SHELL_TEST_PYTHON:-${XDG_CACHE_HOME:-$HOME/.cache}/element-shell-dev/venv/bin/python}
swift build --quiet --package-path "$root" -c release --product element-shell-bench
"$python" "$root/Benchmarks/ed25519_vodozemac.py" "$count" "$keys" "$seed" | "$root/.build/release/element-shell-bench" ed25519
