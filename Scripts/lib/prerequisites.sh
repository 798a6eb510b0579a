# shellcheck shell=bash
# Sourced by Scripts/test and Scripts/run: puts Swift on PATH and installs the
# Debian packages the build and the test homeserver need, only when missing.

# Libraries the package links (readline, libcurl via pkg-config, SQLite, cmark, libqrencode; for
# pictures libchafa, which needs glib's headers, libturbojpeg, libspng, libwebp and giflib) and
# tmux, which terminal tests drive the shell through.
ES_APT_PACKAGES=(libreadline-dev libcurl4-openssl-dev libsqlite3-dev libcmark-dev libqrencode-dev
    libchafa-dev libglib2.0-dev libturbojpeg0-dev libspng-dev libwebp-dev libgif-dev pkg-config tmux)
# Only the tests': a C compiler and patchelf make the Rust SDK peer's library load on glibc older
# than 2.38 (Scripts/lib/rust-sdk-venv.sh); libsixel's sixel2png decodes sixel drawings back, and
# xterm shows one under Xvfb for xwd to take. Scripts/test adds them to ES_APT_PACKAGES.
# shellcheck disable=SC2034
ES_TEST_APT_PACKAGES=(gcc libc6-dev patchelf libsixel-bin xvfb xterm x11-apps)

# Swift lives in /opt/swift on the project's machines, which is not always on PATH.
es_ensure_swift() {
    if ! command -v swift >/dev/null && [[ -x /opt/swift/usr/bin/swift ]]; then
        export PATH="/opt/swift/usr/bin:$PATH"
    fi
    command -v swift >/dev/null || es_die "swift is not on PATH (expected /opt/swift/usr/bin/swift)."
}

es_ensure_system_packages() {
    local missing=() package
    for package in "${ES_APT_PACKAGES[@]}"; do
        es_is_installed "$package" || missing+=("$package")
    done
    # Debian's python3 ships without ensurepip until python3-venv is installed,
    # and `python3 -m venv` then fails half-way.
    if ! command -v python3 >/dev/null; then
        missing+=(python3 python3-venv)
    elif ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
        missing+=(python3-venv)
    fi
    ((${#missing[@]} == 0)) && return 0

    echo "Installing Debian packages: ${missing[*]}" >&2
    local sudo=()
    if ((EUID != 0)); then
        command -v sudo >/dev/null || es_die "run as root, or install: ${missing[*]}"
        sudo=(sudo)
    fi
    local log
    log=$(mktemp)
    if ! { "${sudo[@]}" apt-get update -qq &&
        "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
            apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        es_die "apt-get could not install: ${missing[*]}"
    fi
    rm -f "$log"
}

es_is_installed() {
    [[ $(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null) == ii* ]]
}
