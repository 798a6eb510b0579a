#!/usr/bin/env bash
# Prints how many requests per second element-shell (release) gets answered by a private Synapse
# on 127.0.0.1, one after the other as a script makes them, in two batch runs of COUNT each:
#   - sends: `/open #sends:localhost`, COUNT message lines, `/wait sent` (one PUT each, through
#     the outbox, which sends them in order);
#   - pages: `/open #history:localhost`, COUNT times `/history 20`. #history holds COUNT × 20 + 100
#     messages, sent beforehand by Benchmarks/bench_room.py, far more than the first sync brings,
#     so each call asks the server for a page (GET /messages?limit=20; the count of requests is
#     printed, and was COUNT in every run so far).
# The rate comes from Synapse's access log (INFO), not from the client: from the first matching
# request's arrival to the last one's answer, so the process's start, login-free session resume
# and exit are left out (Benchmarks/access_log.py). The server's own median time per request is
# printed beside it, and the mean time per request outside it: the client's work and the
# connection's, which is what a change in the client can change (Synapse's own time swings with
# the machine's load). The fill of #history is measured the same way: about what the server
# allows one client.
# Each round logs in afresh (a new home, store and device), so /history pages from the server
# every round.
#   Benchmarks/requests.sh [--binary PATH]... [COUNT [ROUNDS]]
# COUNT defaults to 200, ROUNDS to 1. Each --binary is measured in turn on the same server (the
# order reversed every other round, so drifting load falls on both alike); without one, this
# checkout is built in release and measured (or ELEMENT_SHELL_BINARY, as in oneshot-send.sh).
set -euo pipefail
binaries=()
while [[ ${1:-} == --binary ]]; do
    [[ -x ${2:-} ]] || { echo "error: --binary needs an executable, not '${2:-}'" >&2; exit 1; }
    binaries+=("$2")
    shift 2
done
count=${1:-200}
rounds=${2:-1}
# shellcheck source=bench_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_lib.sh"

if ((${#binaries[@]} == 0)); then
    bench_shell_binary
    binaries=("$BENCH_SHELL")
fi
# Synapse then logs each request it answers, with its time; read by access_log.py.
export ELEMENT_SHELL_SYNAPSE_LOG_LEVEL=INFO
bench_start_synapse
log="$BENCH_SERVER_DIR/homeserver.log"
bench_room sends
offset=$(stat -c %s "$log")
bench_room history $((count * 20 + 100))
# For scale: the same PUTs from a minimal client (Python's http.client on one kept-alive
# connection, no sync running beside it), what this server allows one request after another.
echo "Filling #history: $("$ES_DEV_PYTHON" "$BENCH_DIR/access_log.py" "$log" --from-byte "$offset" --request '^PUT .*/send/m\.room\.message/fill')"

# measure INDEX KIND REGEX < LINES: runs binary INDEX on LINES (batch mode, from standard input),
# prints the rate of the requests matching REGEX that the run made, the run's wall time and CPU
# time, and keeps the rate for the summary. (It runs in a pipeline's subshell: hence files, not variables.)
measure() {
    local index=$1 kind=$2 request=$3 offset start end rate cpu user system TIMEFORMAT='%U %S'
    offset=$(stat -c %s "$log")
    start=$(bench_now_us)
    # The process's CPU time too (user and system, from bash's `time`): less swayed by the load
    # than wall time.
    cpu=$({ time bench_shell >/dev/null 2>&1; } 2>&1) || es_die "the $kind run of $BENCH_SHELL failed"
    end=$(bench_now_us)
    read -r user system <<<"$cpu"
    rate=$("$ES_DEV_PYTHON" "$BENCH_DIR/access_log.py" "$log" --from-byte "$offset" --request "$request")
    echo "  $kind: $rate (the whole run: $(((end - start) / 1000)) ms, CPU ${user} s user + ${system} s system)"
    [[ $rate =~ ([0-9.]+)\ requests/s.*outside\ it:\ ([0-9.]+)\ ms ]] || es_die "access_log.py printed: $rate"
    echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]}" >>"$BENCH_WORK/rates-$index-$kind"
}

# Lists the indexes of a round's binaries, reversed in even rounds.
round_order() {
    local round=$1 index
    for ((index = 0; index < ${#binaries[@]}; index++)); do
        if ((round % 2 == 1)); then echo "$index"; else echo $((${#binaries[@]} - 1 - index)); fi
    done
}

echo "load average before: $(bench_load)"
for ((round = 1; round <= rounds; round++)); do
    for index in $(round_order "$round"); do
        BENCH_SHELL=${binaries[index]}
        BENCH_HOME="$BENCH_WORK/home-$round-$index"
        bench_login_shell
        echo "$BENCH_SHELL, round $round of $rounds, $count of each:"
        {
            echo "/open #sends:$ES_SYNAPSE_SERVER_NAME"
            for ((message = 1; message <= count; message++)); do
                echo "request $message, round $round"
            done
            echo '/wait sent'
        } | measure "$index" sends '^PUT /_matrix/client/v3/rooms/[^/]+/send/m\.room\.message/'
        {
            echo "/open #history:$ES_SYNAPSE_SERVER_NAME"
            for ((page = 1; page <= count; page++)); do
                echo '/history 20'
            done
        } | measure "$index" pages '^GET /_matrix/client/v3/rooms/[^/]+/messages\?'
    done
done
echo "load average after: $(bench_load)"

for ((index = 0; index < ${#binaries[@]}; index++)); do
    for kind in sends pages; do
        # Each column sorted on its own: the median rate and the median time outside the server.
        paste <(cut -d' ' -f1 "$BENCH_WORK/rates-$index-$kind" | sort -n) \
            <(cut -d' ' -f2 "$BENCH_WORK/rates-$index-$kind" | sort -n) |
            awk -v label="${binaries[index]} $kind" '
                { r[NR] = $1; o[NR] = $2 }
                END { m = int((NR + 1) / 2)
                      printf "%s, %d rounds: median %.1f requests/s (min %.1f, max %.1f), %.1f ms a request outside the server\n",
                             label, NR, r[m], r[1], r[NR], o[m] }'
    done
done
