# shellcheck shell=bash
# Shared by the manual check scripts in this folder, which source it.

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# expect WHAT ACTUAL WANTED
expect() {
    [[ $2 == "$3" ]] || fail "$1: got $2, wanted $3"
    echo "ok: $1"
}
