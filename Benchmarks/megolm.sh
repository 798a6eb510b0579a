#!/usr/bin/env bash
# Times Megolm on MESSAGES messages of an m.room.message event padded to BYTES: one outbound
# session encrypts them, the inbound session from its key decrypts them in order. Prints one JSON
# line for MatrixCrypto (release) and one for vodozemac (Rust, through its Python binding in the
# dev venv), each the fastest of RUNS runs.
# SESSIONS (1) spreads the messages over that many sessions, each taking its share in a row.
#   Benchmarks/megolm.sh [MESSAGES [RUNS [BYTES [SESSIONS]]]]
set -euo pipefail
messages=${1:-10000}
runs=${2:-5}
bytes=${3:-256}
sessions=${4:-1}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
python=${ELEMENT_SHELL_TEST_PYTHON:-${XDG_CACHE_HOME:-$HOME/.cache}/element-shell-dev/venv/bin/python}
swift build --quiet --package-path "$root" -c release --product element-shell-bench
"$root/.build/release/element-shell-bench" megolm --messages "$messages" --runs "$runs" --bytes "$bytes" --sessions "$sessions"
"$python" "$root/Benchmarks/megolm_vodozemac.py" "$messages" "$runs" "$bytes" "$sessions"
