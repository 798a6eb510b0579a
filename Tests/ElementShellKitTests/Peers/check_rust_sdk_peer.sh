#!/usr/bin/env bash
# Checks rust_sdk_peer.py by hand against a running Synapse where USER and RESET_USER (nina and
# quinn by default) exist with the password in PASSWORD_FILE and have never set up encryption
# (e.g. fresh accounts from Scripts/lib/private_synapse.sh):
#   check_rust_sdk_peer.sh HOMESERVER PASSWORD_FILE [USER [RESET_USER]]
# USER's first device sets up recovery and writes three messages; a second device recovers with
# the key, reads them from the backup and is cross-signed, which the first device sees; a third
# device that never recovers is not. RESET_USER resets its identity. Runs with
# ELEMENT_SHELL_TEST_RUST_SDK_PYTHON, else the Rust SDK venv's Python. Prints each step and its
# time (process start included); logs every device it made out at the end.
set -euo pipefail

# shellcheck source=check_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/check_helpers.sh"

homeserver=${1:?usage: check_rust_sdk_peer.sh HOMESERVER PASSWORD_FILE [USER [RESET_USER]]}
password_file=${2:?usage: check_rust_sdk_peer.sh HOMESERVER PASSWORD_FILE [USER [RESET_USER]]}
user=${3:-nina}
reset_user=${4:-quinn}
python=${ELEMENT_SHELL_TEST_RUST_SDK_PYTHON:-${XDG_CACHE_HOME:-$HOME/.cache}/element-shell-dev/rust-sdk-venv/bin/python}
peer=$(dirname "${BASH_SOURCE[0]}")/rust_sdk_peer.py
work=$(mktemp -d)
finish() {
    local store
    for store in "$work"/*/; do
        [[ -f $store/session.json ]] || continue
        "$python" "$peer" logout --homeserver "$homeserver" --user unused --password-file "$password_file" \
            --store "$store" >/dev/null 2>&1 || true
    done
    rm -rf "$work"
}
trap finish EXIT
run=$RANDOM

# peer STORE USER COMMAND [ARGS...]: one call; its JSON answer goes to STORE.json, its log to
# STORE.log, its time to stderr. A failed call ends the check with its answer.
peer() {
    local store=$1 who=$2 command=$3 start status=0
    shift 3
    start=$EPOCHREALTIME
    "$python" "$peer" "$command" --homeserver "$homeserver" --user "$who" --password-file "$password_file" \
        --store "$work/$store" "$@" >"$work/$store.json" 2>>"$work/$store.log" || status=$?
    printf '  [%s %s: %.2f s, exit %d]\n' "$store" "$command" "$(awk "BEGIN { print $EPOCHREALTIME - $start }")" "$status" >&2
    ((status == 0)) || fail "$store $command: $(tail -n 1 "$work/$store.json")"
}

# field STORE KEY: a value of STORE's last answer, JSON-encoded unless it is a string.
field() {
    "$python" -c 'import json, sys
value = json.load(open(sys.argv[1]))[sys.argv[2]]
print(value if isinstance(value, str) else json.dumps(value))' "$work/$1.json" "$2"
}

messages=("one $run" "two $run" "three $run")

echo "$user's first device sets up recovery and writes three messages"
peer first "$user" setup-recovery --room-name "check $run" --message "${messages[0]}" \
    --message "${messages[1]}" --message "${messages[2]}"
key=$(field first recovery_key)
room=$(field first room_id)
master_key=$(field first master_key)
[[ -n $key && -n $master_key ]] || fail "no recovery key or master key"

echo "a second device recovers with the key and reads the room from the backup"
peer second "$user" recover --key "$key" --room "$room" --expect 3
expect "the second device's verification" "$(field second verification_state)" VERIFIED
expect "its recovery" "$(field second recovery_state)" ENABLED
expect "its backup" "$(field second backup_state)" ENABLED
expect "its master key" "$(field second master_key)" "$master_key"
expect "the messages it read" "$(field second messages)" "[\"${messages[0]}\", \"${messages[1]}\", \"${messages[2]}\"]"
expect "undecryptable messages" "$(field second undecryptable)" 0
second=$(field second device_id)

echo "the first device sees the second as verified"
peer first "$user" device-trust --device "$second" --wait-until verified
expect "the second device, as the first sees it" "$(field first verified)" true
expect "the second device's signature on the server" "$(field first signed_on_server)" true

echo "a third device that never recovers is not verified"
peer third "$user" send --room "$room" --message "unverified $run"
third=$("$python" -c 'import json, sys; print(json.load(open(sys.argv[1]))["device_id"])' "$work/third/session.json")
peer first "$user" device-trust --device "$third"
expect "the third device, as the first sees it" "$(field first verified)" false
expect "the SDK's unsigned devices" "$(field first unsigned_devices)" "[\"$third\"]"

echo "the first device reads the third's message, with a warning on it"
peer first "$user" read --room "$room" --expect 4
expect "the fourth message" "$(field first messages | "$python" -c 'import json, sys; print(json.load(sys.stdin)[3])')" "unverified $run"
expect "its shield" "$(field first details | "$python" -c 'import json, sys; print(json.load(sys.stdin)[3]["shield"])')" RED:UNSIGNED_DEVICE
expect "its strict shield" "$(field first details | "$python" -c 'import json, sys; print(json.load(sys.stdin)[3]["strict_shield"])')" RED:UNVERIFIED_IDENTITY

echo "$reset_user resets its identity"
peer reset "$reset_user" identity
before=$(field reset master_key)
peer reset "$reset_user" reset-identity
expect "the previous master key" "$(field reset previous_master_key)" "$before"
after=$(field reset master_key)
[[ -n $after && $after != "$before" ]] || fail "the master key did not change"
echo "ok: a new master key"
peer reset "$reset_user" identity
expect "the identity afterwards" "$(field reset master_key)" "$after"
expect "the server's master key" "$(field reset server_master_key)" "$after"

echo "all checks passed"
