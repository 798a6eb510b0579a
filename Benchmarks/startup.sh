#!/usr/bin/env bash
# Prints how long element-shell (release) takes from exec to exit for one batch command, with a
# stored session to resume, over N runs: the floor for "instant start".
#   Benchmarks/startup.sh [RUNS]
set -euo pipefail
runs=${1:-50}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
swift build --quiet --package-path "$root" -c release --product element-shell
shell="$root/.build/release/element-shell"
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
data="$home/data"
mkdir -p "$data" && chmod 700 "$data"
# A stored session, so the run includes resuming it (no network is used for that).
printf '{"accessToken":"benchmark","deviceID":"BENCH","homeserverURL":"https:\\/\\/hs.invalid","userID":"@bench:hs.invalid"}' >"$data/session.json"
chmod 600 "$data/session.json"

times=()
for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    HOME=$home "$shell" --no-rc --data-dir "$data" -c '/echo ready' >/dev/null 2>&1
    end=$(date +%s%N)
    times+=($(((end - start) / 1000)))
done
printf '%s\n' "${times[@]}" | sort -n | awk -v runs="$runs" '
    { t[NR] = $1; sum += $1 }
    END { printf "element-shell start to exit, %d runs: median %.1f ms, mean %.1f ms, min %.1f ms, max %.1f ms\n",
          runs, t[int((NR + 1) / 2)] / 1000, sum / NR / 1000, t[1] / 1000, t[NR] / 1000 }'
