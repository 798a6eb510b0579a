#!/usr/bin/env bash
# Checks interactive verification peer against peer: rust_sdk_peer.py's request-verification
# and respond-verification (SAS with emoji, as Element X does it) and nio_crypto_peer.py's
# legacy sas-start and sas-respond, on a private Synapse:
#   check_verification_peers.sh [SYNAPSE_DIR]
# SYNAPSE_DIR is a running server of Scripts/lib/private_synapse.sh (its password and
# registration secret are read from there); without it the check starts one of its own and
# stops it at the end. Each run registers users of its own: one in-room verification per DM
# (see rust_sdk_peer.py), and a verified user cannot be asked again.
#   Rust SDK, devices of one user: a new device asks the first (which then gives it the
#   secrets), the first asks the others (a recovered one answers), a mismatch.
#   Rust SDK, two users in their DM: one asks, the other asks with the answerer starting SAS,
#   a mismatch.
#   nio, legacy SAS: each way, a mismatch.
# Runs the Rust SDK peer with ELEMENT_SHELL_TEST_RUST_SDK_PYTHON (else the Rust SDK venv's
# Python) and the nio peer with ELEMENT_SHELL_TEST_PYTHON (else the dev venv's). Prints each
# call's time, and each step's time within the call.
set -euo pipefail

# shellcheck source=check_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/check_helpers.sh"

peers=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lib=$(cd "$peers/../../../Scripts/lib" && pwd)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/element-shell-dev
rust_python=${ELEMENT_SHELL_TEST_RUST_SDK_PYTHON:-$cache/rust-sdk-venv/bin/python}
nio_python=${ELEMENT_SHELL_TEST_PYTHON:-$cache/venv/bin/python}
work=$(mktemp -d)
synapse=${1:-}
own_synapse=
if [[ -z $synapse ]]; then
    synapse=$work/synapse
    own_synapse=1
fi

finish() {
    local store
    for store in "$work"/rust/*/; do
        [[ -f $store/session.json ]] || continue
        "$rust_python" "$peers/rust_sdk_peer.py" logout --homeserver "$homeserver" --user unused \
            --password-file "$synapse/password" --store "$store" >/dev/null 2>&1 || true
    done
    for store in "$work"/nio/*/; do
        [[ -f $store/login.json ]] || continue
        "$nio_python" "$peers/nio_crypto_peer.py" --store "$store" "$homeserver" unused "$(<"$synapse/password")" \
            logout >/dev/null 2>&1 || true
    done
    if [[ -n $own_synapse ]]; then
        "$lib/private_synapse.sh" stop "$synapse" || true
    fi
    rm -rf "$work"
}
homeserver=
trap finish EXIT

# field FILE KEY: a value of the JSON object on FILE's last line, JSON-encoded unless a string.
field() {
    "$rust_python" -c 'import json, sys
value = json.loads(open(sys.argv[1]).read().splitlines()[-1]).get(sys.argv[2])
print(value if isinstance(value, str) else json.dumps(value))' "$1" "$2"
}

# timed NAME COMMAND...: runs the command with its output in $work/NAME.out and its log in
# $work/NAME.log, prints its time, and fails with its last line when it fails.
timed() {
    local name=$1 start status=0
    shift
    start=$EPOCHREALTIME
    "$@" >"$work/$name.out" 2>>"$work/$name.log" || status=$?
    printf '  [%s: %.2f s, exit %d]\n' "$name" "$(awk "BEGIN { print $EPOCHREALTIME - $start }")" "$status" >&2
    ((status == 0)) || fail "$name: $(tail -n 1 "$work/$name.out")"
}

# rust STORE USER COMMAND [ARGS...], nio STORE USER COMMAND [ARGS...]: one call of a peer.
rust() {
    local store=$1 user=$2 command=$3
    shift 3
    "$rust_python" "$peers/rust_sdk_peer.py" "$command" --homeserver "$homeserver" --user "$user" \
        --password-file "$synapse/password" --store "$work/rust/$store" "$@"
}

nio() {
    local store=$1 user=$2
    shift 2
    "$nio_python" "$peers/nio_crypto_peer.py" --store "$work/nio/$store" "$homeserver" "$user" \
        "$(<"$synapse/password")" "$@"
}

# pair NAME OUTCOME RESPONDER... -- REQUESTER...: a flow between two peer calls. The responder
# runs first (its output in $work/NAME.responder.out); the requester starts once the responder
# has printed its ready line. Both must end with OUTCOME and show the same emoji; prints each
# side's steps with their times.
pair() {
    local name=$1 outcome=$2 responder=() requester=() line start pid status=0
    shift 2
    while [[ $1 != -- ]]; do
        responder+=("$1")
        shift
    done
    shift
    requester=("$@")
    start=$EPOCHREALTIME
    coproc answering { "${responder[@]}" 2>>"$work/$name.responder.log"; }
    # Bash forgets the coproc's PID and descriptor once it ends: keep copies.
    # shellcheck disable=SC2154 # bash sets answering_PID
    pid=$answering_PID
    exec {from_responder}<&"${answering[0]}"
    IFS= read -r -t 120 line <&"$from_responder" || fail "$name: the responder printed no ready line"
    printf '%s\n' "$line" >"$work/$name.responder.out"
    [[ $line == *'"ready": true'* ]] || fail "$name: the responder said $line"
    timed "$name.requester" "${requester[@]}"
    cat <&"$from_responder" >>"$work/$name.responder.out"
    exec {from_responder}<&-
    wait "$pid" || status=$?
    printf '  [%s responder: %.2f s from its start, exit %d]\n' "$name" \
        "$(awk "BEGIN { print $EPOCHREALTIME - $start }")" "$status" >&2
    ((status == 0)) || fail "$name responder: $(tail -n 1 "$work/$name.responder.out")"
    steps "$work/$name.requester.out" requester
    steps "$work/$name.responder.out" responder
    expect "$name: the requester's outcome" "$(field "$work/$name.requester.out" outcome)" "$outcome"
    expect "$name: the responder's outcome" "$(field "$work/$name.responder.out" outcome)" "$outcome"
    expect "$name: the same emoji on both sides" "$(field "$work/$name.requester.out" emoji)" \
        "$(field "$work/$name.responder.out" emoji)"
}

# steps FILE SIDE: each step line of a call's output with its time.
steps() {
    "$rust_python" - "$1" "$2" <<'PYTHON'
import json, sys
lines = [json.loads(line) for line in open(sys.argv[1])]
shown = ", ".join("%s %.2f" % (line.get("step", "ready"), line["t"]) for line in lines[:-1])
emoji = " ".join(each["description"] for each in lines[-1].get("emoji") or [])
print("  %s: %s; %s [%s]" % (sys.argv[2], shown, lines[-1].get("outcome"), emoji))
PYTHON
}

if [[ -n $own_synapse ]]; then
    "$lib/private_synapse.sh" start "$synapse"
fi
homeserver=$("$lib/private_synapse.sh" await "$synapse")
run=$RANDOM
me=me$run a=ann$run b=ben$run c=cy$run d=dee$run e=eve$run f=fay$run n=nia$run o=oli$run
"$nio_python" "$lib/register_users.py" --homeserver "$homeserver" \
    --secret-file "$synapse/registration_shared_secret" --password-file "$synapse/password" \
    "$me" "$a" "$b" "$c" "$d" "$e" "$f" "$n" "$o" >/dev/null
mkdir -p "$work/rust" "$work/nio"
echo "server $homeserver, users *$run"

echo "Rust SDK: $me's first device sets up recovery, a second recovers, a third is new"
timed first rust first "$me" setup-recovery --room-name "check $run" --message "hello $run"
timed second rust second "$me" recover --key "$(field "$work/first.out" recovery_key)"
expect "the second device's verification" "$(field "$work/second.out" verification_state)" VERIFIED
timed third rust third "$me" identity
first_device=$(field "$work/first.out" device_id)
second_device=$(field "$work/second.out" device_id)

echo "the new device asks, the first answers and gives it the secrets"
pair new-device finished rust first "$me" respond-verification -- rust third "$me" request-verification
expect "the new device, after" "$(field "$work/new-device.requester.out" verification_state)" VERIFIED
expect "its recovery" "$(field "$work/new-device.requester.out" recovery_state)" ENABLED
expect "its backup" "$(field "$work/new-device.requester.out" backup_state)" ENABLED
expect "the device it verified" "$(field "$work/new-device.requester.out" other_device)" "$first_device"
expect "the first device signed it" "$(field "$work/new-device.responder.out" other_verified)" true

echo "the first device asks (the others are cross-signed now), the second answers"
pair first-asks finished rust second "$me" respond-verification -- rust first "$me" request-verification
expect "the device that answered" "$(field "$work/first-asks.requester.out" other_device)" "$second_device"

echo "the second device asks and declines the emoji"
pair own-mismatch cancelled rust first "$me" respond-verification -- \
    rust second "$me" request-verification --answer mismatch
expect "the requester's cancel code" "$(field "$work/own-mismatch.requester.out" cancel_code)" m.mismatched_sas
expect "the responder's cancel code" "$(field "$work/own-mismatch.responder.out" cancel_code)" m.mismatched_sas
expect "who cancelled, as the responder saw it" "$(field "$work/own-mismatch.responder.out" cancelled_by)" them

echo "Rust SDK: six users set up cross-signing"
for user in "$a" "$b" "$c" "$d" "$e" "$f"; do
    timed "$user" rust "$user" "$user" identity
done

echo "$a asks $b in their DM"
pair dm finished rust "$b" "$b" respond-verification --from "@$a:localhost" -- \
    rust "$a" "$a" request-verification --of "@$b:localhost"
expect "$a sees $b verified" "$(field "$work/dm.requester.out" other_verified)" true
expect "$b sees $a verified" "$(field "$work/dm.responder.out" other_verified)" true

echo "$d asks $c, and $c starts SAS"
pair dm-start finished rust "$c" "$c" respond-verification --from "@$d:localhost" --start-sas -- \
    rust "$d" "$d" request-verification --of "@$c:localhost"
expect "$d sees $c verified" "$(field "$work/dm-start.requester.out" other_verified)" true
expect "$c sees $d verified" "$(field "$work/dm-start.responder.out" other_verified)" true

echo "$e asks $f and declines the emoji"
pair dm-mismatch cancelled rust "$f" "$f" respond-verification --from "@$e:localhost" -- \
    rust "$e" "$e" request-verification --of "@$f:localhost" --answer mismatch
expect "$e sees $f verified" "$(field "$work/dm-mismatch.requester.out" other_verified)" false

echo "nio: legacy SAS between $n and $o"
timed devices nio "$o" "$o" devices "@$o:localhost"
o_device=$("$rust_python" -c 'import json, sys; print(json.loads(open(sys.argv[1]).readline())["device_id"])' \
    "$work/devices.out")
timed n-devices nio "$n" "$n" devices "@$n:localhost"
n_device=$("$rust_python" -c 'import json, sys; print(json.loads(open(sys.argv[1]).readline())["device_id"])' \
    "$work/n-devices.out")
pair nio finished nio "$o" "$o" sas-respond --from "@$n:localhost" -- \
    nio "$n" "$n" sas-start --of "@$o:localhost" --device "$o_device"
expect "the MAC method" "$(field "$work/nio.requester.out" mac_method)" hkdf-hmac-sha256
expect "the key agreement" "$(field "$work/nio.requester.out" key_agreement_protocol)" curve25519-hkdf-sha256
expect "$n trusts $o's device" "$(field "$work/nio.requester.out" other_verified)" true
pair nio-back finished nio "$n" "$n" sas-respond --from "@$o:localhost" -- \
    nio "$o" "$o" sas-start --of "@$n:localhost" --device "$n_device"
pair nio-mismatch cancelled nio "$o" "$o" sas-respond -- \
    nio "$n" "$n" sas-start --of "@$o:localhost" --device "$o_device" --answer mismatch
expect "the cancel code" "$(field "$work/nio-mismatch.responder.out" cancel_code)" m.mismatched_sas

echo "all checks passed"
