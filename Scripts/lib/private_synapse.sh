#!/usr/bin/env bash
# A Synapse of one test's own, which the test may stop and start again on the same port with the
# same database (the shared server of Scripts/test must keep running for the other suites).
#   private_synapse.sh start DIR           first start: picks a free port (kept in DIR/port) and
#                                          writes the config and a password (DIR/password); every
#                                          start: runs Synapse detached and returns at once
#   private_synapse.sh await DIR USER...   waits until it answers, registers USER... once, and
#                                          prints its URL
#   private_synapse.sh stop DIR            stops it by the PID in DIR/synapse.pid, paused or not
# `start` returns at once so that a caller who had to close its descriptors for the server
# (Foundation learns that a child ended when they close) is not left waiting for the rest.
# Scripts/test stops whatever still runs under ELEMENT_SHELL_TEST_PRIVATE_SERVERS when it ends.
set -euo pipefail

# shellcheck source=common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
# shellcheck source=dev-venv.sh
source "$ES_LIB_DIR/dev-venv.sh"
# shellcheck source=synapse.sh
source "$ES_LIB_DIR/synapse.sh"
# The venv the test run was given, should it differ from this clone's.
ES_DEV_PYTHON=${ELEMENT_SHELL_TEST_PYTHON:-$ES_DEV_PYTHON}

command=${1:-}
dir=${2:-}
dir=${dir%/}
[[ $command =~ ^(start|await|stop)$ && -n $dir ]] || es_die "usage: private_synapse.sh start|await|stop DIR [USER...]"
shift 2

# Prints the PID of DIR's Synapse when it runs (a stale PID file names nothing we may signal).
running_pid() {
    local pid
    [[ -f $dir/synapse.pid ]] || return 1
    pid=$(<"$dir/synapse.pid")
    [[ $pid =~ ^[0-9]+$ ]] && es_process_alive "$pid" "$dir/homeserver.yaml" || return 1
    echo "$pid"
}

url() {
    echo "http://127.0.0.1:$(<"$dir/port")"
}

case $command in
start)
    mkdir -p "$dir"
    if [[ ! -f $dir/port ]]; then
        es_free_port >"$dir/port"
        # No "-": a password starting with one reads as an option to the nio peer's argparse.
        (umask 077 && head -c 18 /dev/urandom | base64 | tr '+/' '._' | tr -d '\n' >"$dir/password")
        es_synapse_configure "$dir" "$(<"$dir/port")"
    fi
    running_pid >/dev/null && es_die "the Synapse in $dir already runs"
    # Its own session: the server outlives this script, and the test stops it by PID.
    es_synapse_start "$dir" setsid
    echo "$ES_SYNAPSE_PID" >"$dir/synapse.pid"
    ;;
await)
    # Not running_pid: just started, Synapse may not have replaced the shell that forked it yet.
    es_synapse_await "$(url)" "$(<"$dir/synapse.pid")" "$dir"
    if [[ ! -f $dir/registered ]] && (($# > 0)); then
        "$ES_DEV_PYTHON" "$ES_LIB_DIR/register_users.py" --homeserver "$(url)" \
            --secret-file "$dir/registration_shared_secret" --password-file "$dir/password" "$@"
        touch "$dir/registered"
    fi
    url
    ;;
stop)
    if pid=$(running_pid); then
        # A paused server (SIGSTOP, as a test may leave it) takes TERM only once continued.
        kill -CONT "$pid" 2>/dev/null || true
        es_synapse_stop "$pid"
    fi
    rm -f "$dir/synapse.pid"
    ;;
esac
