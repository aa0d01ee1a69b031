# Sourced by scripts/install (see its header): builds and installs hangul-wayland, hanguld's input method
# for Wayland compositors with input-method-v2 (sway, Hyprland, river), and its systemd user unit.
# shellcheck disable=SC2154 # prefix, root and build_dir are scripts/install's, which sources this

frontend_available() {
    local missing=()
    command -v cmake >/dev/null || missing+=(cmake)
    command -v c++ >/dev/null || missing+=(g++)
    pkg-config --exists wayland-client 2>/dev/null || missing+=(libwayland-dev)
    command -v wayland-scanner >/dev/null || missing+=(libwayland-bin)
    pkg-config --exists xkbcommon 2>/dev/null || missing+=(libxkbcommon-dev)
    [ -f /usr/include/nlohmann/json.hpp ] || missing+=(nlohmann-json3-dev)
    if [ ${#missing[@]} -gt 0 ]; then
        echo "wayland frontend: missing ${missing[*]} (scripts/setup installs them)"
        return 1
    fi
}

frontend_build() {
    cmake -S "$root/contrib/wayland" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_INSTALL_PREFIX="$prefix" -DHANGULD_EXECUTABLE="$prefix/bin/hanguld" >/dev/null
    cmake --build "$build_dir" --target hangul-wayland
}

frontend_install() {
    put "$build_dir/hangul-wayland" "$prefix/bin/hangul-wayland" 0755
    strip "$prefix/bin/hangul-wayland"
    sed "s|^ExecStart=.*|ExecStart=$prefix/bin/hangul-wayland|" "$root/contrib/wayland/hangul-wayland.service" |
        put_text "$prefix/share/systemd/user/hangul-wayland.service" 0644
}

frontend_next_step() {
    echo "wayland: start $prefix/bin/hangul-wayland from your compositor (sway: exec; Hyprland: exec-once;" \
        "river: riverctl spawn), or the user unit hangul-wayland.service; see contrib/wayland/README.md."
}
