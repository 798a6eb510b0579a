#!/usr/bin/env bash
# Prints what drawing a room's pictures costs element-shell in memory: a room of 200 images
# (1,024 x 768 JPEGs, Benchmarks/picture_room.py) on a private Synapse, opened and read back with
# `/history 50` four times by the shell at a terminal (Benchmarks/picture_memory.py, a
# pseudo-terminal that answers as a sixel terminal), once per protocol. Each line: the shell's
# VmRSS idle before, its peak while the pictures were drawn, and the difference.
#   Benchmarks/picture-memory.sh [PROTOCOL...]     (default: blocks sixel kitty)
# ELEMENT_SHELL_BINARY measures another build (see oneshot-send.sh); else this checkout is built
# in release into .build-bench.
set -euo pipefail
protocols=("$@")
((${#protocols[@]} > 0)) || protocols=(blocks sixel kitty)
# shellcheck source=bench_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_lib.sh"

bench_shell_binary
bench_start_synapse
bench_login_shell
"$ES_DEV_PYTHON" "$BENCH_DIR/picture_room.py" --homeserver "$BENCH_URL" --user "$BENCH_USER" \
    --password-file "$BENCH_PASSWORD_FILE" --alias pictures --pictures 200 >/dev/null
for protocol in "${protocols[@]}"; do
    bench_config "$BENCH_HOME" "images: $protocol"
    HOME=$BENCH_HOME XDG_CONFIG_HOME="$BENCH_HOME/.config" XDG_DATA_HOME="$BENCH_HOME/.local/share" TERM=xterm \
        "$ES_DEV_PYTHON" "$BENCH_DIR/picture_memory.py" --label "$protocol" --room pictures --pages 4 -- \
        "$BENCH_SHELL" --config "$BENCH_HOME/config.yaml" --profile tester --no-rc
done
