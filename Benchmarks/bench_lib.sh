# shellcheck shell=bash disable=SC2034  # variables for the scripts that source this
# Sourced by Benchmarks/oneshot-send.sh and Benchmarks/requests.sh: a private Synapse on
# 127.0.0.1 (Scripts/lib/private_synapse.sh), the release binary to measure, element-shell run in
# a home of its own (as the tests run it), and the figures printed as the other benchmarks do.
# For a benchmark of many rooms, a Synapse kept between runs with its account in them
# (bench_start_synapse_with_rooms).

# shellcheck source=../Scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../Scripts/lib/common.sh"
# shellcheck source=../Scripts/lib/prerequisites.sh
source "$ES_LIB_DIR/prerequisites.sh"
# shellcheck source=../Scripts/lib/dev-venv.sh
source "$ES_LIB_DIR/dev-venv.sh"
# shellcheck source=../Scripts/lib/synapse.sh
source "$ES_LIB_DIR/synapse.sh"

BENCH_DIR="$ES_REPO_ROOT/Benchmarks"
# Everything a run makes (server, homes, stores) lives here and goes at exit; a server with many
# rooms (bench_start_synapse_with_rooms) lives in the cache, and is only stopped.
BENCH_WORK=$(mktemp -d "${TMPDIR:-/tmp}/element-shell-bench.XXXXXX")
BENCH_SERVER_DIR="$BENCH_WORK/synapse"
BENCH_HOME="$BENCH_WORK/home"
BENCH_USER=bench
# The other members of the rooms of bench_start_synapse_with_rooms.
BENCH_PEERS=(ada grace)

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

# bench_start_synapse [USER...]: starts the private Synapse, registers $BENCH_USER (and each USER,
# with the same password) and sets BENCH_URL and BENCH_PASSWORD_FILE.
# ELEMENT_SHELL_SYNAPSE_LOG_LEVEL=INFO (synapse.sh reads it) makes it log every request it answers.
bench_start_synapse() {
    es_ensure_system_packages
    es_ensure_dev_venv
    "$ES_LIB_DIR/private_synapse.sh" start "$BENCH_SERVER_DIR"
    BENCH_URL=$("$ES_LIB_DIR/private_synapse.sh" await "$BENCH_SERVER_DIR" "$BENCH_USER" "$@")
    BENCH_PASSWORD_FILE="$BENCH_SERVER_DIR/password"
}

# bench_start_synapse_with_rooms ROOMS: as bench_start_synapse, but $BENCH_USER is joined to ROOMS
# rooms made by Benchmarks/make_rooms.py (a name, a topic, one or two of $BENCH_PEERS, a last
# message from one of them; 5 % encrypted, 1 % direct chats, two spaces), and the server is kept
# between runs in $ES_DEV_CACHE/bench-rooms-ROOMS. The first run makes the rooms, the only slow
# step (about 8 rooms/s: 2 minutes for 1,000 on this machine, 11 for 5,000 beside a build), and
# keeps a copy of its database (homeserver.made.db); later runs start it from that copy (2–4 s),
# without what earlier runs left in it (devices, messages). BENCH_SERVER_DIR then names it, so
# bench_finish stops it by its PID, and deletes nothing of it. Remove the directory to have the
# rooms made anew; a making cut short is resumed by the next run (make_rooms.py makes only what is
# missing).
bench_start_synapse_with_rooms() {
    local rooms=$1 lock start made_in eatmydata=()
    [[ $rooms =~ ^[1-9][0-9]*$ ]] || es_die "bench_start_synapse_with_rooms: a number of rooms, not '$rooms'"
    ES_APT_PACKAGES+=(eatmydata)
    es_ensure_system_packages
    es_ensure_dev_venv
    BENCH_SERVER_DIR="$ES_DEV_CACHE/bench-rooms-$rooms"
    mkdir -p "$BENCH_SERVER_DIR"
    # One run at a time on a directory. The lock is this shell's alone: were Synapse to inherit it,
    # a server left running would hold it.
    exec {lock}>"$BENCH_SERVER_DIR.lock"
    if ! flock -n "$lock"; then
        echo "Waiting for another benchmark to be done with $BENCH_SERVER_DIR…" >&2
        flock "$lock"
    fi
    # What a run killed before its EXIT trap left running (the lock says it is no one's now).
    "$ES_LIB_DIR/private_synapse.sh" stop "$BENCH_SERVER_DIR"
    # What earlier runs left in it (each device's login, keys and logout told to every room:
    # 15,000 rows a device at 5,000 rooms) made Synapse slower run after run.
    if [[ -f $BENCH_SERVER_DIR/homeserver.made.db ]]; then
        rm -f "$BENCH_SERVER_DIR"/homeserver.db-{journal,wal,shm}
        cp "$BENCH_SERVER_DIR/homeserver.made.db" "$BENCH_SERVER_DIR/homeserver.db"
    elif [[ -f $BENCH_SERVER_DIR/rooms-made ]]; then
        echo "note: $BENCH_SERVER_DIR holds what earlier runs left; delete it to have its rooms made anew." >&2
    fi
    if [[ -f $BENCH_SERVER_DIR/port ]]; then
        # Its port may have become another program's since: then it takes a free one (no session
        # outlives a run, so none remembers the URL). The config is written anew for this
        # checkout and this run's ELEMENT_SHELL_SYNAPSE_LOG_LEVEL, and the log holds this run's only.
        bench_port_free "$(<"$BENCH_SERVER_DIR/port")" || es_free_port >"$BENCH_SERVER_DIR/port"
        es_synapse_configure "$BENCH_SERVER_DIR" "$(<"$BENCH_SERVER_DIR/port")"
        : >"$BENCH_SERVER_DIR/homeserver.log"
    fi
    # While it makes the rooms, Synapse's commits skip fsync (eatmydata): they waited on the disk
    # for most of its time, and the rooms are made 40 % faster. The server is restarted without it.
    [[ -f $BENCH_SERVER_DIR/rooms-made ]] || eatmydata=(eatmydata)
    "${eatmydata[@]}" "$ES_LIB_DIR/private_synapse.sh" start "$BENCH_SERVER_DIR" {lock}>&-
    BENCH_URL=$("$ES_LIB_DIR/private_synapse.sh" await "$BENCH_SERVER_DIR" "$BENCH_USER" "${BENCH_PEERS[@]}")
    BENCH_PASSWORD_FILE="$BENCH_SERVER_DIR/password"
    [[ -f $BENCH_SERVER_DIR/rooms-made ]] && return 0

    echo "Making $rooms rooms for $BENCH_USER in $BENCH_SERVER_DIR (once, at about 8 a second)…" >&2
    start=$(bench_now_us)
    "$ES_DEV_PYTHON" "$BENCH_DIR/make_rooms.py" --homeserver "$BENCH_URL" --user "$BENCH_USER" \
        --password-file "$BENCH_PASSWORD_FILE" --rooms "$rooms" "${BENCH_PEERS[@]/#/--peer=}"
    made_in=$((($(bench_now_us) - start) / 1000000))
    "$ES_LIB_DIR/private_synapse.sh" stop "$BENCH_SERVER_DIR"
    # On disk for good before it counts as made (eatmydata left that to the kernel).
    sync -f "$BENCH_SERVER_DIR/homeserver.db"
    cp "$BENCH_SERVER_DIR/homeserver.db" "$BENCH_SERVER_DIR/homeserver.made.db"
    echo "$rooms rooms made by make_rooms.py in $made_in s, $(date -u +%FT%TZ)" >"$BENCH_SERVER_DIR/rooms-made"
    "$ES_LIB_DIR/private_synapse.sh" start "$BENCH_SERVER_DIR" {lock}>&-
    BENCH_URL=$("$ES_LIB_DIR/private_synapse.sh" await "$BENCH_SERVER_DIR")
}

# True when Synapse could listen on PORT of 127.0.0.1 (it sets SO_REUSEADDR, as here).
bench_port_free() {
    python3 -c 'import socket, sys
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", int(sys.argv[1])))' "$1" 2>/dev/null
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

# bench_config HOME [SETTINGS]: writes HOME/config.yaml naming the server `bench` and a profile
# `tester` that uses it; SETTINGS (a YAML flow mapping's members, e.g. "sync: v3") go in `settings:`.
bench_config() {
    mkdir -p "$1"
    cat >"$1/config.yaml" <<EOF
homeservers:
  bench: { url: $BENCH_URL }
profiles:
  tester: { app_name: Tester, default_homeserver: bench }
settings: { ${2:-} }
EOF
}

# Logs element-shell in once (batch mode, the password from the environment) and waits for the
# first sync, so every measured run resumes a cached session and finds the rooms in its store.
bench_login_shell() {
    bench_config "$BENCH_HOME"
    ELEMENT_SHELL_PASSWORD=$(<"$BENCH_PASSWORD_FILE") bench_shell -c "/login bench $BENCH_USER" -c '/wait sync' </dev/null >/dev/null ||
        es_die "element-shell could not log in to $BENCH_URL"
}

bench_now_us() {
    local now
    now=$(date +%s%N)
    echo $((now / 1000))
}

# bench_server_settled: returns once the kept Synapse of bench_start_synapse_with_rooms has been
# idle (under 10 ms of processor time in 500 ms) or after 60 s; prints the seconds waited. What a
# run leaves it doing (a logged-out device told to the members of every room) is not the next
# run's to wait for.
bench_server_settled() {
    local pid ticks=0 before now waited=0 hz
    pid=$(<"$BENCH_SERVER_DIR/synapse.pid")
    hz=$(getconf CLK_TCK)
    while ((waited < 120)); do
        before=$ticks
        read -r -a now <"/proc/$pid/stat" || break
        # utime and stime, fields 14 and 15 (the name in field 2 has no spaces here).
        ticks=$((now[13] + now[14]))
        ((waited > 0 && (ticks - before) * 1000 < 10 * hz)) && break
        sleep 0.5
        waited=$((waited + 1))
    done
    echo "$((waited / 2)).$((waited % 2 * 5))"
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
