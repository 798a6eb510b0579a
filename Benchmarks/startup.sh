#!/usr/bin/env bash
# Prints how long element-shell (release) takes from exec to exit for one batch command, with a
# stored session to resume, over RUNS runs. With ROOMS, the session's store first takes in a
# synthetic initial sync of that many rooms (50 messages, 20 members each) and the command is
# `/rooms`, which prints them all: start to a usable room list. Without it, `/echo ready`: the
# floor for "instant start". The session's homeserver does not exist, so no network answers.
#   Benchmarks/startup.sh [RUNS [ROOMS]]
# ELEMENT_SHELL_BINARY measures another build (an older commit's, built in a worktree), to run
# alternately with this one.
set -euo pipefail
runs=${1:-50}
rooms=${2:-0}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=../Scripts/lib/common.sh
source "$root/Scripts/lib/common.sh"
if [[ -n ${ELEMENT_SHELL_BINARY:-} ]]; then
    shell=$ELEMENT_SHELL_BINARY
else
    # As Scripts/run builds it.
    swift build --quiet --package-path "$root" "${ES_RELEASE_FLAGS[@]}" --product element-shell
    shell="$root/.build/release/element-shell"
fi
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
data="$home/data"
mkdir -p "$data" && chmod 700 "$data"
# A stored session, so the run includes resuming it (no network is used for that).
printf '{"accessToken":"benchmark","deviceID":"BENCH","homeserverURL":"https:\\/\\/hs.invalid","userID":"@bench:example.org"}' >"$data/session.json"
chmod 600 "$data/session.json"
command='/echo ready'
if ((rooms > 0)); then
    swift build --quiet --package-path "$root" -c release --product element-shell-bench
    bench="$root/.build/release/element-shell-bench"
    "$bench" generate --rooms "$rooms" --output "$home/sync.json"
    "$bench" ingest "$home/sync.json" --data-dir "$data" >/dev/null
    command='/rooms'
    listed=$(HOME=$home "$shell" --no-rc --data-dir "$data" -c "$command" 2>/dev/null | grep -c .)
    ((listed >= rooms)) || { echo "/rooms printed $listed lines for $rooms rooms" >&2; exit 1; }
fi

times=()
for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    HOME=$home "$shell" --no-rc --data-dir "$data" -c "$command" >/dev/null 2>&1
    end=$(date +%s%N)
    times+=($(((end - start) / 1000)))
done
printf '%s\n' "${times[@]}" | sort -n | awk -v runs="$runs" -v command="$command" -v rooms="$rooms" '
    { t[NR] = $1; sum += $1 }
    END { printf "element-shell start to exit for %s (%d cached rooms), %d runs: median %.1f ms, mean %.1f ms, min %.1f ms, max %.1f ms\n",
          command, rooms, runs, t[int((NR + 1) / 2)] / 1000, sum / NR / 1000, t[1] / 1000, t[NR] / 1000 }'
