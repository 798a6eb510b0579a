#!/usr/bin/env bash
# Prints how long a one-shot scripted send takes, from exec to exit with the server's answer in,
# for element-shell (release) and matrix-commander 8.0.6 on this machine and one private Synapse
# on 127.0.0.1, over RUNS runs each (interleaved, so both see the same load):
#   - element-shell -c '/open #send:localhost' -c TEXT -c '/wait sent' (a cached session; the
#     outbox is empty only once the server has answered the PUT with the event ID);
#   - element-shell -c '/echo x': the same start and exit without sending, the floor;
#   - matrix-commander -m TEXT -r '#send:localhost' (cached credentials and store; by default it
#     syncs before sending);
#   - the same with --sync off, which skips that sync, as element-shell does not wait for one.
# Both clients log in once before the runs; the room is created in room version 11, since
# matrix-commander mishandles version 12 room IDs.
#   Benchmarks/oneshot-send.sh [RUNS]
# ELEMENT_SHELL_BINARY=PATH measures that binary instead of building this checkout.
set -euo pipefail
runs=${1:-20}
# shellcheck source=bench_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_lib.sh"

# matrix-commander imports python-magic, which needs libmagic.
ES_APT_PACKAGES+=(libmagic1)
bench_shell_binary
bench_start_synapse
commander="$ES_DEV_VENV/bin/matrix-commander"
if [[ ! -x $commander ]]; then
    # Not in requirements.txt: only this benchmark uses it, and the venv is rebuilt (without it)
    # when that file changes, so it is installed again here whenever it is missing.
    echo "Installing matrix-commander 8.0.6 into $ES_DEV_VENV…" >&2
    "$ES_DEV_PYTHON" -m pip install --quiet --disable-pip-version-check --no-input matrix-commander==8.0.6 ||
        es_die "pip could not install matrix-commander"
fi

room="#send:$ES_SYNAPSE_SERVER_NAME"
bench_room send
bench_login_shell
# Its credentials and store in the benchmark's home too. The password is on its command line,
# as it has no other non-interactive way to take it: this server is private and thrown away.
commander_files=(-c "$BENCH_HOME/commander/credentials.json" -s "$BENCH_HOME/commander/store")
mkdir -p "$BENCH_HOME/commander"  # the store must not exist before --login
HOME=$BENCH_HOME "$commander" --login password --homeserver "$BENCH_URL" --user-login "@$BENCH_USER:$ES_SYNAPSE_SERVER_NAME" \
    --password "$(<"$BENCH_PASSWORD_FILE")" --device commander --room-default "$room" "${commander_files[@]}" >/dev/null 2>&1 ||
    es_die "matrix-commander could not log in to $BENCH_URL"

# Each run is checked: a send that failed would time an error path.
timed() {
    local start end status=0
    start=$(bench_now_us)
    "$@" >"$BENCH_WORK/run.out" 2>&1 || status=$?
    end=$(bench_now_us)
    if ((status != 0)); then
        tail -n 5 "$BENCH_WORK/run.out" >&2
        es_die "exit status $status: ${*:1:8}…"
    fi
    echo $((end - start))
}

echo "load average before: $(bench_load)"
shell_send=() shell_echo=() commander_send=() commander_nosync=()
for ((run = 1; run <= runs; run++)); do
    shell_send+=("$(timed bench_shell -c "/open $room" -c "one-shot $run from element-shell" -c '/wait sent')")
    shell_echo+=("$(timed bench_shell -c '/echo x')")
    commander_send+=("$(HOME=$BENCH_HOME timed "$commander" "${commander_files[@]}" -m "one-shot $run from matrix-commander" -r "$room")")
    commander_nosync+=("$(HOME=$BENCH_HOME timed "$commander" "${commander_files[@]}" --sync off -m "one-shot $run from matrix-commander, no sync" -r "$room")")
done
echo "load average after: $(bench_load)"

printf '%s\n' "${shell_send[@]}" | bench_stats "element-shell /open, send, /wait sent"
printf '%s\n' "${shell_echo[@]}" | bench_stats "element-shell /echo x (start and exit)"
printf '%s\n' "${commander_send[@]}" | bench_stats "matrix-commander -m -r (syncs first)"
printf '%s\n' "${commander_nosync[@]}" | bench_stats "matrix-commander --sync off -m -r"
