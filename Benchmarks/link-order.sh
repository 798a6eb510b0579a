#!/usr/bin/env bash
# Writes Linker/element-shell.order, the order in which lld lays out element-shell's functions in a
# release build (Package.swift): the functions it runs in Benchmarks/first-sync.sh (a new device's
# first sync of 1,000 rooms by /v3 and by sliding sync, two cached restarts each, the idle long
# poll) and Benchmarks/conversation.sh (two sessions talking in an encrypted room), hottest first,
# found by running both under valgrind's callgrind. Run it again after large changes: what it no
# longer finds is merely laid out as before.
#   Benchmarks/link-order.sh
# ELEMENT_SHELL_BINARY profiles that binary instead of building this checkout in release.
set -euo pipefail
# shellcheck source=bench_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_lib.sh"

ES_APT_PACKAGES+=(valgrind)
es_ensure_system_packages
bench_shell_binary
profiled="$BENCH_WORK/element-shell"
# Valgrind 3.19 cannot read the toolchain's debug information; the symbols are all it needs.
strip --strip-debug -o "$profiled" "$BENCH_SHELL"
cat >"$BENCH_WORK/callgrind" <<WRAPPER
#!/usr/bin/env bash
exec valgrind --quiet --tool=callgrind --demangle=no --compress-strings=no --compress-pos=no \\
    --callgrind-out-file="$BENCH_WORK/profile.%p" "$profiled" "\$@"
WRAPPER
chmod +x "$BENCH_WORK/callgrind"
# Under callgrind the shell runs about fifty times slower: its figures here mean nothing.
ELEMENT_SHELL_BINARY="$BENCH_WORK/callgrind" "$BENCH_DIR/first-sync.sh" --runs 2 --idle 5 1000 >&2
ELEMENT_SHELL_BINARY="$BENCH_WORK/callgrind" "$BENCH_DIR/conversation.sh" >&2
order="$ES_REPO_ROOT/Linker/element-shell.order"
"$ES_DEV_PYTHON" "$BENCH_DIR/link_order.py" "$profiled" "$BENCH_WORK"/profile.* >"$order"
# SwiftPM does not know that the link reads this file: without their executables, the next
# builds of this checkout link them again.
rm -f "$ES_REPO_ROOT"/.build*/*/release/element-shell
echo "$order: $(grep -vc '^#' "$order") functions"
