# shellcheck shell=bash
# Sourced by Scripts/run: the persistent demo Synapse, its two accounts and
# room, and the shell configuration that logs into it. Needs common.sh,
# dev-venv.sh and synapse.sh.
#
# Layout of $ES_DEMO_DIR:
#   synapse/                 the server (config, database, log, port, pid)
#   config.yaml              element-shell config: homeserver and profile "demo"
#   NAME.password            NAME's password (mode 0600)
#   NAME/                    NAME's element-shell data dir (session.json once logged in)
#   NAME.elrc                commands the shell runs at start: /login until a session exists

ES_DEMO_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/element-shell-demo"
ES_DEMO_SERVER_DIR="$ES_DEMO_DIR/synapse"
ES_DEMO_PID_FILE="$ES_DEMO_SERVER_DIR/synapse.pid"
ES_DEMO_USERS=(alice bob)

# Demo passwords are fixed and printed: this server only listens on 127.0.0.1.
es_demo_password() {
    echo "$1-demo-password"
}

# Starts the demo server unless it already runs; sets ES_DEMO_URL.
es_demo_ensure_server() {
    # Sessions and passwords live here: private to the user.
    mkdir -p "$ES_DEMO_SERVER_DIR"
    chmod 700 "$ES_DEMO_DIR"
    local port pid
    if [[ ! -f $ES_DEMO_SERVER_DIR/port ]]; then
        es_free_port >"$ES_DEMO_SERVER_DIR/port"
    fi
    port=$(<"$ES_DEMO_SERVER_DIR/port")
    ES_DEMO_URL="http://127.0.0.1:$port"

    if pid=$(es_demo_running_pid); then
        es_synapse_await "$ES_DEMO_URL" "$pid" "$ES_DEMO_SERVER_DIR"
        return 0
    fi
    es_synapse_configure "$ES_DEMO_SERVER_DIR" "$port"
    es_synapse_start "$ES_DEMO_SERVER_DIR" setsid
    echo "$ES_SYNAPSE_PID" >"$ES_DEMO_PID_FILE"
    es_synapse_await "$ES_DEMO_URL" "$ES_SYNAPSE_PID" "$ES_DEMO_SERVER_DIR"
    echo "Started the demo homeserver at $ES_DEMO_URL (PID $ES_SYNAPSE_PID)."
}

# Prints the demo server's PID when it is running.
es_demo_running_pid() {
    local pid
    [[ -f $ES_DEMO_PID_FILE ]] || return 1
    pid=$(<"$ES_DEMO_PID_FILE")
    [[ $pid =~ ^[0-9]+$ ]] && es_process_alive "$pid" "$ES_DEMO_SERVER_DIR/homeserver.yaml" || return 1
    echo "$pid"
}

es_demo_stop() {
    local pid
    if pid=$(es_demo_running_pid); then
        es_synapse_stop "$pid"
        echo "Stopped the demo homeserver (PID $pid)."
    else
        echo "The demo homeserver is not running."
    fi
    rm -f "$ES_DEMO_PID_FILE"
}

# Writes the password files; registers the accounts and creates the demo room once.
es_demo_ensure_accounts_and_room() {
    local user file
    for user in "${ES_DEMO_USERS[@]}"; do
        file="$ES_DEMO_DIR/$user.password"
        (umask 077 && printf '%s' "$(es_demo_password "$user")" >"$file")
        chmod 600 "$file"
    done
    # The marker lives with the server's database, so a wiped server starts over.
    local marker="$ES_DEMO_SERVER_DIR/accounts-and-room-created"
    [[ -f $marker ]] && return 0
    for user in "${ES_DEMO_USERS[@]}"; do
        "$ES_DEV_PYTHON" "$ES_LIB_DIR/register_users.py" --homeserver "$ES_DEMO_URL" \
            --secret-file "$ES_DEMO_SERVER_DIR/registration_shared_secret" \
            --password-file "$ES_DEMO_DIR/$user.password" "$user"
    done
    "$ES_DEV_PYTHON" "$ES_LIB_DIR/demo_room.py" --homeserver "$ES_DEMO_URL" \
        --creator bob --creator-password-file "$ES_DEMO_DIR/bob.password" \
        --member alice --member-password-file "$ES_DEMO_DIR/alice.password"
    touch "$marker"
}

# es_demo_data_dir DEFAULT ARGS...: the data dir the shell will use, the last --data-dir of
# ARGS (as the shell reads its flags) or DEFAULT.
es_demo_data_dir() {
    local dir=$1
    shift
    while (($#)); do
        case $1 in
        --data-dir)
            if (($# >= 2)); then
                dir=$2
                shift
            fi
            ;;
        --data-dir=*) dir=${1#--data-dir=} ;;
        esac
        shift
    done
    echo "$dir"
}

# es_demo_write_shell_files USER DATA_DIR: writes config.yaml and USER's rc file; the rc logs in
# only while DATA_DIR, the one the shell will use, has no stored session.
es_demo_write_shell_files() {
    local user=$1 data_dir=$2
    cat >"$ES_DEMO_DIR/config.yaml" <<EOF
# Written by Scripts/run --demo on every start.
homeservers:
  demo:
    url: $ES_DEMO_URL
profiles:
  demo:
    app_name: Demo
    default_homeserver: demo
    homeservers: [demo]
EOF
    mkdir -p "$ES_DEMO_DIR/$user"
    if [[ -f $data_dir/session.json ]]; then
        : >"$ES_DEMO_DIR/$user.elrc"
    else
        echo "/login demo $user" >"$ES_DEMO_DIR/$user.elrc"
    fi
}

# es_demo_print_accounts USER: the server, both accounts, and how to join as the other one.
es_demo_print_accounts() {
    local current=$1 user other
    echo "Demo homeserver: $ES_DEMO_URL (stop it with Scripts/run --demo-stop)"
    for user in "${ES_DEMO_USERS[@]}"; do
        echo "  account $user, password $(es_demo_password "$user") (kept in $ES_DEMO_DIR/$user.password)"
        [[ $user == "$current" ]] || other=$user
    done
    echo "You are $current: /login reads the password from that file, so it never asks for it."
    echo "To be $other at the same time, run in a second terminal: Scripts/run --demo --as $other"
}
