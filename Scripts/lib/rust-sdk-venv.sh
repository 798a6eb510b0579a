# shellcheck shell=bash
# Sourced by Scripts/test: a Python environment of its own with matrix-sdk-python, the bindings of
# matrix-rust-sdk (the engine of Element X), which Tests/ElementShellKitTests/Peers/rust_sdk_peer.py
# drives as a test peer. Rebuilt only when its inputs change (Scripts/lib/rust-sdk-requirements.txt,
# the files in Scripts/lib/rust-sdk-shim, this file, glibc's version, the machine). Needs common.sh,
# and where glibc is older than 2.38 gcc and patchelf (ES_TEST_APT_PACKAGES in prerequisites.sh).

ES_RUST_SDK_VENV="$ES_DEV_CACHE/rust-sdk-venv"
ES_RUST_SDK_PYTHON="$ES_RUST_SDK_VENV/bin/python"

# Its Linux x86_64 wheels are built for glibc 2.38 (manylinux_2_38); older glibc (Debian 12 has
# 2.36) lacks only two symbols the library uses, and PyPI's other choice, the sdist, needs a Rust
# toolchain and crates.io.
ES_RUST_SDK_GLIBC=2.38

es_ensure_rust_sdk_venv() {
    local wanted
    wanted=$(es_rust_sdk_inputs | sha256sum)
    wanted=${wanted%% *}
    if ! es_rust_sdk_venv_matches "$wanted"; then
        mkdir -p "$ES_DEV_CACHE"
        # Two clones running their tests at once must not build it twice.
        local lock
        exec {lock}>"$ES_DEV_CACHE/rust-sdk-venv.lock"
        flock "$lock"
        es_rust_sdk_venv_matches "$wanted" || es_rust_sdk_build_venv "$wanted"
        exec {lock}>&-
    fi
    export ES_RUST_SDK_PYTHON
}

es_rust_sdk_inputs() {
    cat "$ES_LIB_DIR/rust-sdk-requirements.txt" "$ES_LIB_DIR/rust-sdk-venv.sh" "$ES_LIB_DIR"/rust-sdk-shim/*.{c,py}
    # Not python3's version, which costs 0.2 s behind pyenv's shim: a venv whose Python has gone
    # fails the -x test, and one whose Python still runs has a wheel that fits it.
    es_glibc_version
    uname -m
}

es_rust_sdk_venv_matches() {
    [[ -x $ES_RUST_SDK_PYTHON && -f $ES_RUST_SDK_VENV/.inputs.sha256 &&
        $(<"$ES_RUST_SDK_VENV/.inputs.sha256") == "$1" ]]
}

# Prints glibc's version (2.36), or nothing where libc is not glibc.
es_glibc_version() {
    local version
    version=$(getconf GNU_LIBC_VERSION 2>/dev/null) || return 0
    echo "${version#glibc }"
}

# True when glibc is older than VERSION.
es_glibc_older_than() {
    local have
    have=$(es_glibc_version)
    [[ -n $have && $have != "$1" && $(printf '%s\n' "$have" "$1" | sort -V | head -n 1) == "$have" ]]
}

es_rust_sdk_build_venv() {
    local wanted=$1 started=$SECONDS
    local requirements="$ES_LIB_DIR/rust-sdk-requirements.txt"
    local pip=("$ES_RUST_SDK_PYTHON" -m pip --quiet --disable-pip-version-check --no-input)
    echo "Installing matrix-sdk-python into $ES_RUST_SDK_VENV (only when its inputs change; about 15 s)..." >&2
    rm -rf "$ES_RUST_SDK_VENV"
    python3 -m venv "$ES_RUST_SDK_VENV" || es_die "python3 -m venv failed."
    if [[ $(uname -m) == x86_64 ]] && es_glibc_older_than "$ES_RUST_SDK_GLIBC"; then
        es_rust_sdk_install_patched "$requirements" "${pip[@]}"
    else
        "${pip[@]}" install --only-binary=:all: --no-deps --requirement "$requirements" ||
            es_die "pip could not install $requirements."
    fi
    "$ES_RUST_SDK_PYTHON" -c 'import matrix_sdk_python' ||
        es_die "matrix_sdk_python does not load in $ES_RUST_SDK_VENV."
    # Written last: a venv without this stamp is half-built and gets rebuilt.
    echo "$wanted" >"$ES_RUST_SDK_VENV/.inputs.sha256"
    echo "matrix-sdk-python installed in $((SECONDS - started)) s." >&2
}

# es_rust_sdk_install_patched REQUIREMENTS PIP...: downloads the x86_64 wheel for this venv's
# Python, makes its library load on the older glibc and installs it, retagged for this machine.
es_rust_sdk_install_patched() {
    local requirements=$1
    shift
    local pip=("$@")
    local shim_dir="$ES_LIB_DIR/rust-sdk-shim" build="$ES_DEV_CACHE/rust-sdk-build"
    local python_version abi
    python_version=$("$ES_RUST_SDK_PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    abi=cp${python_version/./}
    if ! command -v gcc >/dev/null || ! command -v patchelf >/dev/null; then
        es_die "gcc and patchelf are needed to install matrix-sdk-python on glibc $(es_glibc_version)."
    fi
    # Left behind by a build that failed; the lock keeps other builds out.
    rm -rf "$build"
    "${pip[@]}" download --no-deps --only-binary=:all: --platform manylinux_2_39_x86_64 \
        --implementation cp --python-version "$python_version" --abi "$abi" \
        --requirement "$requirements" --dest "$build/download" ||
        es_die "pip could not download the matrix-sdk-python wheel for $abi."
    local wheels=("$build"/download/*.whl)
    "$ES_RUST_SDK_PYTHON" -m zipfile -e "${wheels[0]}" "$build/wheel"
    local library="$build/wheel/matrix_sdk_python/_generated/libmatrix_sdk_ffi.so"
    [[ -f $library ]] || es_die "the wheel has no $library."
    gcc -O2 -Wall -shared -fPIC -o "${library%/*}/libisoc23shim.so" "$shim_dir/isoc23.c" ||
        es_die "gcc could not build the glibc 2.38 shim."
    # Bind the two C23 symbols to no version, so that the shim's unversioned ones serve; load the
    # shim from the library's own folder. One patchelf call each: Debian 12's patchelf 0.14
    # fails an assertion when --add-needed and --set-rpath come together.
    # shellcheck disable=SC2016  # $ORIGIN is for ld.so
    { patchelf --clear-symbol-version __isoc23_strtol --clear-symbol-version __isoc23_sscanf "$library" &&
        patchelf --add-needed libisoc23shim.so "$library" &&
        patchelf --set-rpath '$ORIGIN' "$library"; } || es_die "patchelf could not patch $library."
    # What is left of glibc 2.38 is the library's need for the version itself.
    "$ES_RUST_SDK_PYTHON" "$shim_dir/weaken_version_need.py" "$library" GLIBC_2.38 GLIBC_2.39 ||
        es_die "the library still needs glibc 2.38."
    local wheel
    wheel=$("$ES_RUST_SDK_PYTHON" "$shim_dir/repack_wheel.py" "$build/wheel" "$abi-$abi-linux_x86_64" "$build/out") ||
        es_die "the patched wheel could not be packed."
    "${pip[@]}" install --no-deps --no-index "$wheel" || es_die "pip could not install $wheel."
    rm -rf "$build"
}
