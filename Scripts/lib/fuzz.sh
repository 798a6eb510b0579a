# shellcheck shell=bash
# Sourced by Scripts/fuzz and Scripts/test: builds the libFuzzer targets and runs one for a while.

# A scratch path of its own: the instrumented build must not replace the normal one.
ES_FUZZ_DIR="$ES_REPO_ROOT/.build/fuzz"
ES_FUZZ_BINARY="$ES_FUZZ_DIR/debug/element-shell-fuzz"
# Each target has a seed directory there, named as the target.
ES_FUZZ_SEEDS="$ES_REPO_ROOT/Tests/FuzzCorpus"

es_fuzz_targets() {
    local seeds
    for seeds in "$ES_FUZZ_SEEDS"/*/; do
        basename "$seeds"
    done
}

es_fuzz_build() {
    echo "Building the fuzz targets (instrumented; the first build takes a few minutes)…"
    # Package.swift declares the fuzz targets only with ELEMENT_SHELL_FUZZ set.
    ELEMENT_SHELL_FUZZ=1 swift build --quiet --package-path "$ES_REPO_ROOT" --scratch-path "$ES_FUZZ_DIR" \
        -c debug --product element-shell-fuzz
}

# Runs TARGET for SECONDS, printing a line; on a crash prints where its input is saved and fails.
es_fuzz_run() {
    local target=$1 seconds=$2
    # New inputs go to the first directory, so the checked-in seeds stay as they are and what
    # libFuzzer learns carries over to the next run.
    local corpus="$ES_FUZZ_DIR/corpus/$target" crashes="$ES_FUZZ_DIR/crashes" log="$ES_FUZZ_DIR/logs/$target.log"
    mkdir -p "$corpus" "$crashes" "${log%/*}"
    # A slow input counts as a hang. The sanitizer's leak check at exit would report the Swift
    # runtime's caches, which live as long as the process; Swift's own backtracer would race
    # libFuzzer's crash handler (and trip the sanitizer reading the stack).
    if ELEMENT_SHELL_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no "$ES_FUZZ_BINARY" \
        -max_total_time="$seconds" -timeout=10 -artifact_prefix="$crashes/$target-" \
        "$corpus" "$ES_FUZZ_SEEDS/$target" >"$log" 2>&1; then
        local runs
        runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -n 1)
        echo "$target: no crash in ${runs:-?} inputs."
        return 0
    fi
    local input
    input=$(sed -n 's/.*Test unit written to \(.*\)/\1/p' "$log" | tail -n 1)
    echo "$target: FAILED; the input is saved in ${input:-(none, see the log)}, the whole output in $log." >&2
    echo "Replay it: ELEMENT_SHELL_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no $ES_FUZZ_BINARY ${input:-INPUT}" >&2
    grep -E -A 12 '^(==[0-9]+== ?ERROR|.*Fatal error|.*Precondition failed)' "$log" | head -n 30 >&2 || true
    return 1
}

# Runs each TARGET for SECONDS, all of them even after a crash; fails when any crashed.
es_fuzz_run_each() {
    local seconds=$1 target status=0
    shift
    for target in "$@"; do
        es_fuzz_run "$target" "$seconds" || status=1
    done
    return "$status"
}

# Runs each TARGET for SECONDS at the same time, one process each; fails when any crashed.
es_fuzz_run_side_by_side() {
    local seconds=$1 target run status=0
    shift
    local runs=()
    for target in "$@"; do
        es_fuzz_run "$target" "$seconds" &
        runs+=($!)
    done
    for run in "${runs[@]}"; do
        wait "$run" || status=1
    done
    return "$status"
}

# Merges what runs of each TARGET added to .build/fuzz/corpus into its checked-in seeds, keeping
# only the inputs that reach code the seeds do not, and says how many it kept.
es_fuzz_keep_each() {
    local target corpus before after
    mkdir -p "$ES_FUZZ_DIR/logs"
    for target in "$@"; do
        corpus="$ES_FUZZ_DIR/corpus/$target"
        before=$(find "$ES_FUZZ_SEEDS/$target" -type f | wc -l)
        if [[ -d $corpus ]]; then
            ELEMENT_SHELL_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no "$ES_FUZZ_BINARY" \
                -merge=1 -timeout=10 "$ES_FUZZ_SEEDS/$target" "$corpus" >"$ES_FUZZ_DIR/logs/$target-keep.log" 2>&1
        fi
        after=$(find "$ES_FUZZ_SEEDS/$target" -type f | wc -l)
        echo "$target: $((after - before)) inputs kept, $after in Tests/FuzzCorpus/$target."
    done
}
