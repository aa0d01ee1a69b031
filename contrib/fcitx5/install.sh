# Sourced by scripts/install (see its header): builds and installs the fcitx5 addon `hanguld`.
# The library goes where fcitx5 loads addons from: its own addon directory when the prefix is fcitx5's
# (a system install, /usr), else PREFIX/lib/fcitx5, which fcitx5 reads once FCITX_ADDON_DIRS names it.
# The conf files go under PREFIX/share/fcitx5/, found through XDG_DATA_DIRS (or XDG_DATA_HOME for ~/.local).
# shellcheck disable=SC2154 # prefix, root and build_dir are scripts/install's, which sources this

fcitx5_system_prefix() { pkg-config --variable=prefix Fcitx5Core; }
# Newer fcitx5 names its addon directory in Fcitx5Core.pc; Debian 12's 5.0.21 does not, and loads from
# LIBDIR/fcitx5.
fcitx5_system_addon_dir() {
    local directory
    directory=$(pkg-config --variable=addondir Fcitx5Core)
    echo "${directory:-$(pkg-config --variable=libdir Fcitx5Core)/fcitx5}"
}
fcitx5_addon_dir() {
    if [ "$prefix" = "$(fcitx5_system_prefix)" ]; then fcitx5_system_addon_dir; else echo "$prefix/lib/fcitx5"; fi
}

frontend_available() {
    local missing=()
    command -v cmake >/dev/null || missing+=(cmake)
    command -v c++ >/dev/null || missing+=(g++)
    pkg-config --exists Fcitx5Core 2>/dev/null || missing+=(libfcitx5core-dev)
    [ -f /usr/include/nlohmann/json.hpp ] || missing+=(nlohmann-json3-dev)
    pkg-config --exists xkbcommon 2>/dev/null || missing+=(libxkbcommon-dev)
    [ -d /usr/share/ECM ] || missing+=(extra-cmake-modules)
    command -v fcitx5 >/dev/null || missing+=(fcitx5)
    if [ ${#missing[@]} -gt 0 ]; then
        echo "fcitx5 frontend: missing ${missing[*]} (scripts/setup installs them)"
        return 1
    fi
}

frontend_build() {
    cmake -S "$root/contrib/fcitx5" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_INSTALL_PREFIX="$prefix" -DHANGULD_EXECUTABLE="$prefix/bin/hanguld" \
        -DHANGULD_ADDON_DIR="$(fcitx5_addon_dir)" >/dev/null
    cmake --build "$build_dir" --target hanguld
}

frontend_install() {
    put "$build_dir/libhanguld.so" "$(fcitx5_addon_dir)/libhanguld.so" 0755
    # The addon conf as CMake filled it in (its Version= is the repository's VERSION).
    put "$build_dir/data/fcitx5/addon/hanguld.conf" "$prefix/share/fcitx5/addon/hanguld.conf" 0644
    put "$root/contrib/fcitx5/hanguld.conf" "$prefix/share/fcitx5/inputmethod/hanguld.conf" 0644
}

frontend_next_step() {
    local restart="restart fcitx5 (fcitx5 -r), then add \"Hangul (hanguld)\" in fcitx5-configtool"
    if [ "$prefix" = "$(fcitx5_system_prefix)" ]; then
        echo "fcitx5: $restart."
        return
    fi
    local data="XDG_DATA_DIRS=$prefix/share:\${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"
    case "$prefix" in
    "$HOME/.local") data="" ;;
    *) ;;
    esac
    echo "fcitx5: fcitx5 must see the addon: put FCITX_ADDON_DIRS=$prefix/lib/fcitx5:$(fcitx5_system_addon_dir)${data:+ and $data}" \
        "in ~/.config/environment.d/fcitx5-hanguld.conf (or the environment fcitx5 starts in), log in again, $restart."
}
