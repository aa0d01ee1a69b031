// fcitx5's configuration page for the addon, generated from the daemon's option list (PROTOCOL.md
// 6.16), so that it names no option and cannot drift from the daemon: each entry becomes an option
// of the type fcitx5's configuration tools draw (a flag a Boolean, a choice or a layout an Enum
// with its names, a key list a `List|Key` with fcitx5's key capture), at the value the daemon has
// in force. What the page cannot edit (a file the daemon refused, a write refused, an entry of a
// type a later daemon added) is shown as read-only lines. Built anew on every read; nothing of it
// is saved by fcitx5. Needs fcitx5's configuration library, not its core.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <fcitx-config/configuration.h>
#include <fcitx-config/rawconfig.h>

#include "daemonsettings.h"

namespace hanguld {

/// The page: its options are made from one snapshot of the daemon's settings.
class SettingsPage final : public fcitx::Configuration {
public:
    /// `notes` are shown first (why a write was refused, why the daemon could not be read). A file
    /// with problems shows them, line by line, instead of the options: their values would not be
    /// the ones the daemon, which refuses the file too, is using. `korean`: labels in Korean.
    SettingsPage(const SettingsSnapshot &snapshot, const std::vector<std::string> &notes, bool korean);
    ~SettingsPage() override;
    const char *typeName() const override { return "HangulSettings"; }

private:
    std::vector<std::unique_ptr<fcitx::OptionBase>> options_;
};

/// One setting to write, as `hangulctl config set NAME VALUE` takes it: true/false, a word, or key
/// names separated by commas.
struct SettingChange {
    std::string name;
    std::string value;
};

/// The settings a page saved by fcitx5 (`SetConfig`) changes: each option of the snapshot that
/// `page` holds with a value other than the snapshot's. A value the snapshot does not allow (an
/// enum outside its list) is left out; keys are written in the daemon's notation.
std::vector<SettingChange> changesFrom(const fcitx::RawConfig &page, const SettingsSnapshot &snapshot);

/// A key as fcitx5 writes it ("Control+F9", from its key capture) in the daemon's notation
/// (PROTOCOL.md 9.3: modifiers Shift, Control, Alt, Super, AltGr, then the keysym's name; a letter
/// with Shift lowercase). A modifier the daemon has no name for is kept, so hangulctl refuses it by name.
std::string daemonKeyName(const std::string &fcitxKey);
/// A key in the daemon's notation as fcitx5 writes it, for its key list widget.
std::string fcitxKeyName(const std::string &daemonKey);

/// True when the first of LANGUAGE, LC_ALL, LC_MESSAGES, LANG that is set names Korean (the IBus
/// dialog's rule).
bool koreanLocale();

} // namespace hanguld
