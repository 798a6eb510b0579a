# shellcheck shell=bash disable=SC2034  # variables for the scripts that source this
# Sourced first by every script in Scripts/: shared paths and error exit.

ES_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ES_REPO_ROOT=$(cd "$ES_LIB_DIR/../.." && pwd)
# Outside the repo so every clone and worktree shares one Python environment.
ES_DEV_CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/element-shell-dev"
# How the shell is built to be run: optimised, with the Swift runtime and Foundation linked in,
# which saves a one-shot run about 7 ms of symbol lookups at each start (BENCHMARKS.md), and each
# function of every module (dependencies too) in a section of its own, which lets the linker lay
# out the code a session runs together (Linker/element-shell.order; BENCHMARKS.md, "Laying out
# the code a session runs").
ES_RELEASE_FLAGS=(-c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections
    -Xcc -ffunction-sections)

es_die() {
    echo "error: $*" >&2
    exit 1
}
