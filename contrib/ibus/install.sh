# The IBus frontend's hooks for scripts/install (sourced; see its header).
# shellcheck disable=SC2154 # prefix, root and build_dir are scripts/install's, which sources this

frontend_available() {
    local missing=()
    pkg-config --exists ibus-1.0 2>/dev/null || missing+=("libibus-1.0-dev (pkg-config ibus-1.0)")
    command -v ibus-daemon >/dev/null 2>&1 || missing+=("ibus (ibus-daemon)")
    if [ ${#missing[@]} -gt 0 ]; then
        echo "the IBus frontend needs: ${missing[*]} (scripts/setup installs them)"
        return 1
    fi
}

frontend_build() {
    (cd "$root/contrib/ibus" && swift build -c release --scratch-path "$build_dir" --product ibus-engine-hanguld)
}

# The engine goes to libexec, as Debian's engines do; its component tells ibus-daemon to start it with
# the hanguld installed beside it, which it starts when no daemon (and no systemd socket) listens.
# The preferences dialog (contrib/ibus/setup) goes beside it with the module it imports; it finds
# hangulctl and hangul-compose in $prefix/bin from there.
frontend_install() {
    local engine="$prefix/libexec/hangul/ibus-engine-hanguld"
    local setup="$prefix/libexec/hangul/ibus-setup-hanguld"
    put "$build_dir/release/ibus-engine-hanguld" "$engine" 0755
    put_runtime "$engine"
    put "$root/contrib/ibus/setup/ibus-setup-hanguld" "$setup" 0755
    put "$root/contrib/ibus/setup/hangul_settings.py" "$prefix/libexec/hangul/hangul_settings.py" 0644
    sed -e "s|@EXEC@|$engine --ibus --hanguld $prefix/bin/hanguld|" -e "s|@SETUP@|$setup|" \
        -e "s|@VERSION@|$(cat "$root/VERSION")|" \
        "$root/contrib/ibus/component/hanguld.xml.in" |
        put_text "$prefix/share/ibus/component/hanguld.xml" 0644
}

# ibus-daemon reads components from /usr/share/ibus/component, or only from IBUS_COMPONENT_PATH when set.
frontend_next_step() {
    if [ "$prefix" = /usr ]; then
        echo "IBus: ibus restart && ibus engine hanguld   (or add \"Korean (hanguld)\" in your desktop's input sources)"
    else
        local path="$prefix/share/ibus/component:/usr/share/ibus/component"
        echo "IBus: ibus-daemon reads only /usr/share/ibus/component unless IBUS_COMPONENT_PATH is set, so run"
        echo "        mkdir -p ~/.config/environment.d && echo 'IBUS_COMPONENT_PATH=$path' >> ~/.config/environment.d/ibus.conf"
        echo "      then log in again and run: ibus engine hanguld"
        echo "      (for this session only: IBUS_COMPONENT_PATH=$path ibus-daemon -drx && ibus engine hanguld)"
    fi
}
