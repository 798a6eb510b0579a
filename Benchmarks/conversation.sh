#!/usr/bin/env bash
# Prints what two element-shell sessions (release) hold in memory after a conversation, RUNS times
# (1): on a private Synapse, new devices of bench and ada, each interactive in a pseudo-terminal,
# talk in an encrypted room (Benchmarks/conversation.py says what they do), idle 10 s, and their
# VmRSS is read. Code that a first sync does not run (Olm and Megolm sessions, sending, Markdown,
# the timeline's rendering) is resident here; Benchmarks/link-order.sh profiles this run too.
#   Benchmarks/conversation.sh [RUNS]
# ELEMENT_SHELL_BINARY=PATH measures that binary instead of building this checkout.
set -euo pipefail
runs=${1:-1}
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "error: RUNS is a number, not '$runs'" >&2; exit 1; }
# shellcheck source=bench_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_lib.sh"

bench_shell_binary
peer=${BENCH_PEERS[0]}
bench_start_synapse "$peer"
echo "element-shell: $BENCH_SHELL"
for ((run = 1; run <= runs; run++)); do
    home="$BENCH_WORK/conversation-$run"
    bench_config "$home"
    echo "run $run (load average $(bench_load)): $("$ES_DEV_PYTHON" "$BENCH_DIR/conversation.py" --home "$home" \
        --server-name "$ES_SYNAPSE_SERVER_NAME" --user "$BENCH_USER" --peer "$peer" \
        --password-file "$BENCH_PASSWORD_FILE" -- "$BENCH_SHELL" --config "$home/config.yaml" --profile tester)"
done
