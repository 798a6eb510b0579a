# shellcheck shell=bash disable=SC2034  # variables for the scripts that source this
# Sourced by Benchmarks/oneshot-send.sh and Benchmarks/requests.sh: a private Synapse on
# 127.0.0.1 (Scripts/lib/private_synapse.sh), the release binary to measure, element-shell run in
# a home of its own (as the tests run it), and the figures printed as the other benchmarks do.

# shellcheck source=../Scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../Scripts/lib/common.sh"
# shellcheck source=../Scripts/lib/prerequisites.sh
source "$ES_LIB_DIR/prerequisites.sh"
# shellcheck source=../Scripts/lib/dev-venv.sh
source "$ES_LIB_DIR/dev-venv.sh"
# shellcheck source=../Scripts/lib/synapse.sh
source "$ES_LIB_DIR/synapse.sh"

BENCH_DIR="$ES_REPO_ROOT/Benchmarks"
# Everything a run makes (server, homes, stores) lives here and goes at exit.
BENCH_WORK=$(mktemp -d "${TMPDIR:-/tmp}/element-shell-bench.XXXXXX")
BENCH_SERVER_DIR="$BENCH_WORK/synapse"
BENCH_HOME="$BENCH_WORK/home"
BENCH_USER=bench

# shellcheck disable=SC2317  # called by the EXIT trap
bench_finish() {
    local status=$?
    # A command that failed under `set -e` says nothing of itself; a signal neither.
    ((status == 0)) || echo "error: the benchmark stopped early (exit status $status)" >&2
    # private_synapse.sh stops the server by the PID it wrote, and only if that PID is still it.
    [[ -f $BENCH_SERVER_DIR/synapse.pid ]] && "$ES_LIB_DIR/private_synapse.sh" stop "$BENCH_SERVER_DIR"
    rm -rf "$BENCH_WORK"
    exit "$status"
}
trap bench_finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Sets BENCH_SHELL: $ELEMENT_SHELL_BINARY when given (another build, say an older commit's),
# else this checkout built in release into .build-bench, a scratch path of its own, so that the
# benchmark neither waits for nor replaces a debug build or test run in .build.
bench_shell_binary() {
    if [[ -n ${ELEMENT_SHELL_BINARY:-} ]]; then
        [[ -x $ELEMENT_SHELL_BINARY ]] || es_die "ELEMENT_SHELL_BINARY=$ELEMENT_SHELL_BINARY is not an executable"
        BENCH_SHELL=$ELEMENT_SHELL_BINARY
        return 0
    fi
    es_ensure_swift
    es_ensure_system_packages
    echo "Building element-shell (release, $ES_REPO_ROOT/.build-bench; the first build takes several minutes)…" >&2
    swift build --quiet --package-path "$ES_REPO_ROOT" --scratch-path "$ES_REPO_ROOT/.build-bench" \
        "${ES_RELEASE_FLAGS[@]}" --product element-shell
    BENCH_SHELL="$ES_REPO_ROOT/.build-bench/release/element-shell"
}

# Starts the private Synapse, registers $BENCH_USER and sets BENCH_URL and BENCH_PASSWORD_FILE.
# ELEMENT_SHELL_SYNAPSE_LOG_LEVEL=INFO (synapse.sh reads it) makes it log every request it answers.
bench_start_synapse() {
    es_ensure_system_packages
    es_ensure_dev_venv
    "$ES_LIB_DIR/private_synapse.sh" start "$BENCH_SERVER_DIR"
    BENCH_URL=$("$ES_LIB_DIR/private_synapse.sh" await "$BENCH_SERVER_DIR" "$BENCH_USER")
    BENCH_PASSWORD_FILE="$BENCH_SERVER_DIR/password"
}

# bench_room ALIAS [MESSAGES]: creates #ALIAS (room version 11) as $BENCH_USER, with MESSAGES
# messages in it, outside either client.
bench_room() {
    "$ES_DEV_PYTHON" "$BENCH_DIR/bench_room.py" --homeserver "$BENCH_URL" --user "$BENCH_USER" \
        --password-file "$BENCH_PASSWORD_FILE" --alias "$1" --messages "${2:-0}" >/dev/null
}

# bench_shell ARGS...: element-shell as the tests run it: a HOME with XDG folders of its own, a
# config naming the server `bench` and a profile `tester` that uses it, no startup file.
bench_shell() {
    HOME=$BENCH_HOME XDG_CONFIG_HOME="$BENCH_HOME/.config" XDG_DATA_HOME="$BENCH_HOME/.local/share" \
        "$BENCH_SHELL" --config "$BENCH_HOME/config.yaml" --profile tester --no-rc "$@"
}

# Logs element-shell in once (batch mode, the password from the environment) and waits for the
# first sync, so every measured run resumes a cached session and finds the rooms in its store.
bench_login_shell() {
    mkdir -p "$BENCH_HOME"
    cat >"$BENCH_HOME/config.yaml" <<EOF
homeservers:
  bench: { url: $BENCH_URL }
profiles:
  tester: { app_name: Tester, default_homeserver: bench }
EOF
    ELEMENT_SHELL_PASSWORD=$(<"$BENCH_PASSWORD_FILE") bench_shell -c "/login bench $BENCH_USER" -c '/wait sync' </dev/null >/dev/null ||
        es_die "element-shell could not log in to $BENCH_URL"
}

bench_now_us() {
    local now
    now=$(date +%s%N)
    echo $((now / 1000))
}

# The 1-minute load average, as BENCHMARKS.md records it.
bench_load() {
    local load
    read -r load _ </proc/loadavg
    echo "$load"
}

# bench_stats LABEL < TIMES: one line with the median, mean, min and max of TIMES (microseconds,
# one a line), in milliseconds.
bench_stats() {
    sort -n | awk -v label="$1" '
        { t[NR] = $1; sum += $1 }
        END { printf "%s, %d runs: median %.1f ms, mean %.1f ms, min %.1f ms, max %.1f ms\n",
              label, NR, t[int((NR + 1) / 2)] / 1000, sum / NR / 1000, t[1] / 1000, t[NR] / 1000 }'
}
