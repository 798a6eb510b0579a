# shellcheck shell=bash
# Sourced by Scripts/test and Scripts/run: the shared Python environment with
# Synapse and matrix-nio, rebuilt only when Scripts/lib/requirements.txt changes.

ES_DEV_VENV="$ES_DEV_CACHE/venv"
ES_DEV_PYTHON="$ES_DEV_VENV/bin/python"

es_ensure_dev_venv() {
    local requirements="$ES_LIB_DIR/requirements.txt"
    local wanted
    wanted=$(sha256sum <"$requirements")
    wanted=${wanted%% *}
    es_dev_venv_matches "$wanted" && return 0

    mkdir -p "$ES_DEV_CACHE"
    # Two clones running their tests at once must not build the venv twice.
    local lock
    exec {lock}>"$ES_DEV_CACHE/venv.lock"
    flock "$lock"
    if ! es_dev_venv_matches "$wanted"; then
        echo "Installing Synapse and matrix-nio into $ES_DEV_VENV (only when requirements.txt changes; about 30 s)..." >&2
        rm -rf "$ES_DEV_VENV"
        python3 -m venv "$ES_DEV_VENV" ||
            es_die "python3 -m venv failed."
        # --use-pep517: atomicwrites ships only a setup.py, and Debian's pip warns about that.
        "$ES_DEV_PYTHON" -m pip install --quiet --disable-pip-version-check --no-input \
            --use-pep517 --requirement "$requirements" ||
            es_die "pip could not install $requirements."
        # Written last: a venv without this stamp is half-built and gets rebuilt.
        echo "$wanted" >"$ES_DEV_VENV/.requirements.sha256"
    fi
    exec {lock}>&-
}

es_dev_venv_matches() {
    [[ -x $ES_DEV_PYTHON && -f $ES_DEV_VENV/.requirements.sha256 &&
        $(<"$ES_DEV_VENV/.requirements.sha256") == "$1" ]]
}
