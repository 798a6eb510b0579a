# shellcheck shell=bash
# Sourced by Scripts/test and Scripts/run: configure, start, await and stop a
# Synapse on 127.0.0.1. Needs common.sh and dev-venv.sh.

# No federation, so the name only shows in user IDs (@alice:localhost).
ES_SYNAPSE_SERVER_NAME=localhost

es_free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# es_synapse_configure DIR PORT: (re)write DIR's config; secrets already there are kept.
es_synapse_configure() {
    "$ES_DEV_PYTHON" "$ES_LIB_DIR/synapse_config.py" --dir "$1" --port "$2" \
        --server-name "$ES_SYNAPSE_SERVER_NAME" \
        --log-level "${ELEMENT_SHELL_SYNAPSE_LOG_LEVEL:-WARNING}"
}

# es_synapse_start DIR [setsid]: starts Synapse in the background and sets
# ES_SYNAPSE_PID. Its stdout and stderr join the log, so startup errors end up there.
# With `setsid` it gets its own session and outlives this script (the demo server).
es_synapse_start() {
    local dir=$1 launcher=()
    [[ ${2:-} == setsid ]] && launcher=(setsid)
    # A background job of a script is no process group leader, so setsid
    # execs in place and $! is Synapse's own PID.
    "${launcher[@]}" "$ES_DEV_PYTHON" -m synapse.app.homeserver --config-path "$dir/homeserver.yaml" \
        </dev/null >>"$dir/homeserver.log" 2>&1 &
    # shellcheck disable=SC2034  # read by the caller
    ES_SYNAPSE_PID=$!
}

# es_synapse_await URL PID DIR: returns once URL answers, or exits with the log's tail.
es_synapse_await() {
    local url=$1 pid=$2 dir=$3
    if ! "$ES_DEV_PYTHON" "$ES_LIB_DIR/wait_for_homeserver.py" --homeserver "$url" --pid "$pid" --timeout 60; then
        echo "--- last lines of $dir/homeserver.log ---" >&2
        tail -n 30 "$dir/homeserver.log" >&2 || true
        es_die "Synapse did not start."
    fi
}

# es_synapse_stop PID: TERM, then KILL if it has not exited after 10 s.
es_synapse_stop() {
    local pid=$1 tries
    kill -TERM "$pid" 2>/dev/null || return 0
    for ((tries = 0; tries < 100; tries++)); do
        es_process_alive "$pid" || return 0
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
}

# True when PID runs (zombies do not count) and its command line mentions TEXT:
# guards against signalling an unrelated process that reused a stale PID.
es_process_alive() {
    local pid=$1 text=${2:-} state
    [[ -r /proc/$pid/stat ]] || return 1
    state=$(</proc/"$pid"/stat)
    state=${state##*) }
    [[ ${state%% *} != Z ]] || return 1
    [[ -z $text ]] || tr '\0' ' ' </proc/"$pid"/cmdline | grep -qF -- "$text"
}
