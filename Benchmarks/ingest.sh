#!/usr/bin/env bash
# Generates a synthetic /sync response and prints, one JSON line each, what ingesting it costs
# element-shell (release: decode, store, room summaries, into a fresh store) and matrix-nio
# (json.loads and SyncResponse.from_dict, storing nothing). Sizes default to the issue's.
#   Benchmarks/ingest.sh [ROOMS [EVENTS [MEMBERS]]]
set -euo pipefail
rooms=${1:-1000}
events=${2:-50}
members=${3:-20}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
python=${ELEMENT_SHELL_TEST_PYTHON:-${XDG_CACHE_HOME:-$HOME/.cache}/element-shell-dev/venv/bin/python}
swift build --quiet --package-path "$root" -c release --product element-shell-bench
bench="$root/.build/release/element-shell-bench"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bench" generate --rooms "$rooms" --events "$events" --members "$members" --output "$work/sync.json"
"$bench" ingest "$work/sync.json"
"$python" "$root/Benchmarks/nio_ingest.py" "$work/sync.json"
