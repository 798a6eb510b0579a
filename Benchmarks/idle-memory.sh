#!/usr/bin/env bash
# Prints what an idle element-shell (release) holds in memory when it has no rooms: interactive in
# a pseudo-terminal (Benchmarks/first_sync.py with no rooms to wait for), IDLE seconds (15) after
# exec, once without a session and once logged in (a new device) to an account in no room on a
# private Synapse, long-polling. For each: VmRSS, its anonymous and file-backed parts, and the
# mappings grouped by Benchmarks/smaps.py (the executable's code and data, each shared library,
# malloc's arenas, thread stacks). Benchmarks/first-sync.sh keeps the same for a shell after its
# first sync of 1,000 or 5,000 rooms (--keep).
#   Benchmarks/idle-memory.sh [IDLE]
set -euo pipefail
idle=${1:-15}
# shellcheck source=bench_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_lib.sh"

bench_shell_binary
bench_start_synapse

# idle_shell NAME STARTUP: the shell run with STARTUP as its startup file, idle, then quit.
idle_shell() {
    local name=$1 startup=$2 home="$BENCH_WORK/home-$1" line
    bench_config "$home"
    printf '%s' "$startup" >"$home/startup"
    line=$(HOME=$home XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" \
        "$ES_DEV_PYTHON" "$BENCH_DIR/first_sync.py" --rooms 0 --home "$home" --idle "$idle" \
        --out "$BENCH_WORK/$name.json" --smaps "$BENCH_WORK/smaps-$name" --logout -- \
        "$BENCH_SHELL" --config "$home/config.yaml" --profile tester --rc "$home/startup" \
        --password-file "$BENCH_PASSWORD_FILE")
    echo "$name, $idle s after exec (load average $(bench_load)): $(grep -E '^(VmRSS|VmHWM|RssAnon|RssFile):' \
        "$BENCH_WORK/smaps-$name/status" | tr -s ' \t' ' ' | paste -sd, -)"
    [[ $line == *'"exit_status": 0'* ]] || es_die "the shell ended badly: $line"
    "$ES_DEV_PYTHON" "$BENCH_DIR/smaps.py" "$BENCH_WORK/smaps-$name/smaps" --exe "$(readlink -f "$BENCH_SHELL")"
    echo
}

idle_shell no-session ''
idle_shell account-in-no-room "/login bench $BENCH_USER
"
