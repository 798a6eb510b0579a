#!/usr/bin/env bash
# Prints what the first sync of a new device costs element-shell (release) on an account joined to
# ROOMS rooms (1,000 and 5,000 by default), by /v3 and by sliding sync, on the kept Synapse of
# bench_start_synapse_with_rooms (Benchmarks/bench_lib.sh). Each run is the shell as a user runs
# it: interactive, in a pseudo-terminal, with `sync: v3` or `sync: sliding` in its config and a
# startup file that logs in (`/login bench bench`, the password from --password-file), watched
# from outside by Benchmarks/first_sync.py (its comment says how), which prints one JSON line a run:
#   - first_screen_ms: from exec until the store holds the 20 rooms that head the full list
#     (`/rooms`' order), each named and with its last message;
#   - full_list_ms: until it holds every room so;
#   - requests and bytes (response bodies) until then, and after it until the shell quit, from
#     Synapse's access log (INFO);
#   - peak_rss_kb (ru_maxrss) and idle_rss_kb: VmRSS after the full list, the shell idling at its
#     prompt IDLE seconds (10), long-polling;
#   - restart_echo_ms and restart_rooms_ms: the shell started RUNS times (20) more on the session
#     it stored, the server up, until it answers `/echo ready` typed at once, and `/rooms` then
#     `/echo ready` (every room listed): a cached restart to a usable prompt.
# Then the device is logged out, so the kept server does not gather devices; each run starts once
# Synapse is idle again (bench_server_settled). Beside each size's runs, on the same server,
# Element X's engine builds the same list as a new device (Benchmarks/room_list_rust_sdk.py:
# matrix-rust-sdk's SyncService and RoomListService through matrix-sdk-python; its first screen,
# full list, requests and bytes as above). A table of the runs
# ends the output; --keep DIR keeps each run's JSON (every request, each commit's time, the
# terminal's transcript) and /proc/PID/smaps at the idle moment (read with Benchmarks/smaps.py).
#   Benchmarks/first-sync.sh [--rounds R] [--idle S] [--runs N] [--keep DIR] [ROOMS...]
# --rounds: v3 then sliding, R times per size (default 1). ELEMENT_SHELL_BINARY measures another
# build (see oneshot-send.sh); else this checkout is built in release into .build-bench.
set -euo pipefail
rounds=1
idle=10
runs=20
keep=
while [[ ${1:-} == --* ]]; do
    [[ $1 == --keep || ${2:-} =~ ^[0-9]+$ ]] || { echo "error: $1 needs a number" >&2; exit 1; }
    case $1 in
    --rounds) rounds=$2 ;;
    --idle) idle=$2 ;;
    --runs) runs=$2 ;;
    --keep) keep=$2 ;;
    *) echo "error: unknown option $1" >&2; exit 1 ;;
    esac
    shift 2
done
sizes=("$@")
[[ -z $keep ]] || mkdir -p "$keep"
((${#sizes[@]} > 0)) || sizes=(1000 5000)
# shellcheck source=bench_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_lib.sh"
# shellcheck source=../Scripts/lib/rust-sdk-venv.sh
source "$ES_LIB_DIR/rust-sdk-venv.sh"

bench_shell_binary
es_ensure_rust_sdk_venv
# Synapse then logs each request it answers, with its time and size; read by first_sync.py.
export ELEMENT_SHELL_SYNAPSE_LOG_LEVEL=INFO
results="$BENCH_WORK/results"

# first_sync ROOMS METHOD ROUND: one new device's first sync, then its cached restarts, then its logout.
first_sync() {
    local rooms=$1 method=$2 round=$3 home line
    home="$BENCH_WORK/home-$rooms-$method-$round"
    # first_sync.py's pseudo-terminal answers no query: asked what it can draw, the shell would
    # wait out the probe's 1 s limit at every start, where a terminal answers in a millisecond.
    bench_config "$home" "sync: $method, images: off"
    printf '/login bench %s\n' "$BENCH_USER" >"$home/startup"
    echo "$rooms rooms, $method, round $round (Synapse idle after $(bench_server_settled) s; load average $(bench_load)):"
    line=$(HOME=$home XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" \
        "$ES_DEV_PYTHON" "$BENCH_DIR/first_sync.py" --rooms "$rooms" --home "$home" --idle "$idle" \
        --out "$BENCH_WORK/run-$rooms-$method-$round.json" --access-log "$BENCH_SERVER_DIR/homeserver.log" \
        --smaps "$BENCH_WORK/smaps-$rooms-$method-$round" --restarts "$runs" --logout -- \
        "$BENCH_SHELL" --config "$home/config.yaml" --profile tester --rc "$home/startup" \
        --password-file "$BENCH_PASSWORD_FILE")
    echo "  $line"
    [[ $line != *'"error"'* ]] || es_die "the run did not bring the full list"
    echo "$rooms $method $round $line" >>"$results"
    if [[ -n $keep ]]; then
        cp "$BENCH_WORK/run-$rooms-$method-$round.json" "$keep/"
        cp -r "$BENCH_WORK/smaps-$rooms-$method-$round" "$keep/"
    fi
}

# rust_sdk_list ROOMS ROUND: Element X's engine builds the same list as a new device.
rust_sdk_list() {
    local rooms=$1 round=$2 line
    echo "$rooms rooms, matrix-rust-sdk, round $round (Synapse idle after $(bench_server_settled) s; load average $(bench_load)):"
    line=$("$ES_RUST_SDK_PYTHON" "$BENCH_DIR/room_list_rust_sdk.py" --homeserver "$BENCH_URL" \
        --user "$BENCH_USER" --password-file "$BENCH_PASSWORD_FILE" --rooms "$rooms" \
        --store "$BENCH_WORK/rust-sdk-$rooms-$round" --access-log "$BENCH_SERVER_DIR/homeserver.log") ||
        es_die "the run failed: $line"
    echo "  $line"
    echo "$rooms rust-sdk $round $line" >>"$results"
}

echo "element-shell: $BENCH_SHELL"
for rooms in "${sizes[@]}"; do
    bench_start_synapse_with_rooms "$rooms"
    for ((round = 1; round <= rounds; round++)); do
        for method in v3 sliding; do
            first_sync "$rooms" "$method" "$round"
        done
        rust_sdk_list "$rooms" "$round"
    done
    "$ES_LIB_DIR/private_synapse.sh" stop "$BENCH_SERVER_DIR"
done
echo "load average after: $(bench_load)"

# One line a run, as BENCHMARKS.md tabulates them.
"$ES_DEV_PYTHON" - "$results" <<'EOF'
import json, sys
print("rooms | method | first screen | full list | requests (sync) | MB received (then, until quit) | peak RSS | idle RSS | "
      "idle RSS after a resume | restart: /echo, /rooms (median)")
for line in open(sys.argv[1]):
    rooms, method, round_, data = line.split(" ", 3)
    r = json.loads(data)
    if method == "rust-sdk":
        print(f"{rooms} | {r['client']} (round {round_}) | {r['first_screen_ms'] / 1000:.2f} s | "
              f"{r['full_list_ms'] / 1000:.2f} s | {r['requests_until_full']} ({r['sync_requests_until_full']}) | "
              f"{r['bytes_until_full'] / 1e6:.2f} | {r['peak_rss_kb'] / 1024:.1f} MB (Python's process) | - | - | -")
        continue
    restart = (f"{r['restart_echo_ms']['median']:.0f} ms, {r['restart_rooms_ms']['median']:.0f} ms"
               if "restart_echo_ms" in r else "-")
    resumed = f"{r['resumed_idle_rss_kb'] / 1024:.1f} MB" if r.get("resumed_idle_rss_kb") else "-"
    print(f"{rooms} | {method} (round {round_}) | {r['first_screen_ms'] / 1000:.2f} s | {r['full_list_ms'] / 1000:.2f} s | "
          f"{r['requests_until_full']} ({r['sync_requests_until_full']}) | {r['bytes_until_full'] / 1e6:.2f} "
          f"({r['bytes_after_full'] / 1e6:.2f}) | "
          f"{r['peak_rss_kb'] / 1024:.1f} MB | {r['idle_rss_kb'] / 1024:.1f} MB | {resumed} | {restart}")
EOF
