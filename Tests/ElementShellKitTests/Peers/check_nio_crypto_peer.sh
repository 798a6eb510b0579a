#!/usr/bin/env bash
# Checks nio_crypto_peer.py by hand against a running Synapse where alice and bob exist with
# PASSWORD (e.g. one from Scripts/lib/private_synapse.sh):
#   check_nio_crypto_peer.sh HOMESERVER PASSWORD
# Two devices (alice's and bob's) talk in a new encrypted room; each reads the history again after
# restoring from its store; a third device of bob's reads it only after importing alice's key export.
# Runs with ELEMENT_SHELL_TEST_PYTHON, else the dev venv's Python. Prints each step and its time.
set -euo pipefail

# shellcheck source=check_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/check_helpers.sh"

homeserver=${1:?usage: check_nio_crypto_peer.sh HOMESERVER PASSWORD}
password=${2:?usage: check_nio_crypto_peer.sh HOMESERVER PASSWORD}
python=${ELEMENT_SHELL_TEST_PYTHON:-${XDG_CACHE_HOME:-$HOME/.cache}/element-shell-dev/venv/bin/python}
peer=$(dirname "${BASH_SOURCE[0]}")/nio_crypto_peer.py
work=$(mktemp -d)
# Logs out every device the check made, so that bob's account does not collect them.
finish() {
    local store
    for store in "$work"/*/; do
        [[ -f $store/login.json ]] || continue
        "$python" "$peer" --store "$store" "$homeserver" unused "$password" logout || true
    done
    rm -rf "$work"
}
trap finish EXIT
run=$RANDOM

# peer STORE USER COMMAND...: one call, its output on stdout and its time on stderr.
peer() {
    local store=$1 user=$2 start status=0
    shift 2
    start=$EPOCHREALTIME
    "$python" "$peer" --store "$work/$store" "$homeserver" "$user" "$password" "$@" || status=$?
    printf '  [%s %s: %.2f s, exit %d]\n' "$store" "$1" "$(awk "BEGIN { print $EPOCHREALTIME - $start }")" "$status" >&2
    return "$status"
}

# expect_lines WHAT ACTUAL EXPECTED: the two texts must match exactly.
expect_lines() {
    if [[ $2 != "$3" ]]; then
        printf 'FAIL: %s\n--- got\n%s\n--- wanted\n%s\n' "$1" "$2" "$3" >&2
        exit 1
    fi
    echo "ok: $1"
}

hello="hello bob $run"
reply="hello alice $run"
both=$(printf '{"sender": "@alice:localhost", "body": "%s"}\n{"sender": "@bob:localhost", "body": "%s"}' "$hello" "$reply")

echo "alice creates an encrypted room and invites bob"
room=$(peer alice alice create "crypto check $run" --invite @bob:localhost --encrypted)
echo "  room $room"
[[ $(peer bob bob join "$room") == "$room" ]] || fail "bob's join named another room"
peer alice alice wait-joined "$room" @bob:localhost 10 || fail "alice did not see bob join"

echo "bob waits (syncing) while alice sends"
peer bob bob expect "$room" "$hello" 30 &
waiting=$!
peer alice alice send "$room" "$hello"
wait "$waiting" || fail "bob did not receive alice's message"
echo "ok: bob decrypted alice's message"

echo "bob replies, alice expects it"
peer bob bob send "$room" "$reply"
peer alice alice expect "$room" "$reply" 30 || fail "alice did not receive bob's reply"
echo "ok: alice decrypted bob's reply"

echo "both read the history again, restored from their stores"
expect_lines "bob's history" "$(peer bob bob messages "$room")" "$both"
expect_lines "alice's history" "$(peer alice alice messages "$room")" "$both"
events=$(peer alice alice messages "$room" | wc -l)
[[ $events == 2 ]] || fail "alice's third read found $events messages"
echo "ok: alice's third call still decrypts"

echo "alice's view of bob's devices"
peer alice alice devices @bob:localhost | tee "$work/devices"
bob_devices=$(wc -l <"$work/devices")

echo "alice exports her room keys; a new device of bob's imports them"
peer alice alice export-keys "$work/keys.txt" "passphrase $run"
before=$(peer bob2 bob messages "$room")
echo "$before"
[[ $(grep -c '"undecryptable": true' <<<"$before") == 2 ]] || fail "the new device read messages it has no keys for"
peer bob2 bob import-keys "$work/keys.txt" "passphrase $run"
expect_lines "the new device's history after the import" "$(peer bob2 bob messages "$room")" "$both"
if peer bob2 bob import-keys "$work/keys.txt" "wrong passphrase" 2>/dev/null; then
    fail "an import with the wrong passphrase succeeded"
fi
echo "ok: a wrong passphrase fails"

echo "alice now sees bob's new device, and bob's new device reads what she sends next"
[[ $(peer alice alice devices @bob:localhost | wc -l) == $((bob_devices + 1)) ]] || fail "alice does not know bob's new device"
peer alice alice send "$room" "to both $run"
peer bob2 bob expect "$room" "to both $run" 30 || fail "bob's new device did not receive alice's message"
peer bob bob expect "$room" "to both $run" 30 || fail "bob's first device did not receive alice's message"
echo "ok: both of bob's devices decrypted it"

echo "a room made encrypted later"
late=$(peer alice alice create "late crypto $run" --invite @bob:localhost)
peer bob bob join "$late" >/dev/null
peer alice alice send "$late" "in the clear $run"
peer alice alice enable-encryption "$late"
peer alice alice send "$late" "encrypted $run"
peer bob bob expect "$late" "encrypted $run" 30 || fail "bob did not receive the message sent after enable-encryption"
expect_lines "bob's history of the later room" "$(peer bob bob messages "$late")" \
    "$(printf '{"sender": "@alice:localhost", "body": "in the clear %s"}\n{"sender": "@alice:localhost", "body": "encrypted %s"}' "$run" "$run")"
raw=$(peer bob3 bob messages "$late")
[[ $(grep -c '"undecryptable": true' <<<"$raw") == 1 ]] || fail "a device without keys should see exactly one undecryptable message: $raw"
echo "ok: the message after enable-encryption went encrypted"

echo "all checks passed"
