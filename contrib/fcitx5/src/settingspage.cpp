#include "settingspage.h"

#include <cctype>
#include <cstdlib>

#include <fcitx-utils/key.h>

namespace hanguld {

namespace {

/// A value as fcitx5's configuration holds it: one string, or a list ("0", "1", … beneath the option).
struct PageValue {
    bool isList = false;
    std::string scalar;
    std::vector<std::string> list;

    void writeTo(fcitx::RawConfig &config) const {
        if (!isList) {
            config.setValue(scalar);
            return;
        }
        for (size_t i = 0; i < list.size(); ++i) {
            config.setValueByPath(std::to_string(i), list[i]);
        }
    }
    bool operator==(const PageValue &other) const {
        return isList == other.isList && scalar == other.scalar && list == other.list;
    }
};

/// The items of a list option as fcitx5 writes them, in order: "0", "1", … until one is missing.
std::vector<std::string> listItems(const fcitx::RawConfig &config) {
    std::vector<std::string> items;
    for (size_t i = 0;; ++i) {
        const std::string *item = config.valueByPath(std::to_string(i));
        if (!item) {
            return items;
        }
        items.push_back(*item);
    }
}

/// An option whose value the page edits. fcitx5 draws it by its type ("Boolean", "Enum",
/// "List|Key"), with the description as its label and `extras` (an enum's values and names) beside.
class ValueOption final : public fcitx::OptionBase {
public:
    ValueOption(fcitx::Configuration *parent, const std::string &name, const std::string &description, std::string type,
                PageValue value, PageValue fallback, std::vector<std::pair<std::string, std::string>> extras)
        : fcitx::OptionBase(parent, name, description), type_(std::move(type)), value_(std::move(value)),
          default_(std::move(fallback)), extras_(std::move(extras)) {}

    std::string typeString() const override { return type_; }
    void reset() override { value_ = default_; }
    bool isDefault() const override { return value_ == default_; }
    void marshall(fcitx::RawConfig &config) const override { value_.writeTo(config); }
    bool unmarshall(const fcitx::RawConfig &config, bool /*partial*/) override {
        if (value_.isList) {
            value_.list = listItems(config);
        } else {
            value_.scalar = config.value();
        }
        return true;
    }
    std::unique_ptr<fcitx::Configuration> subConfigSkeleton() const override { return nullptr; }
    bool equalTo(const fcitx::OptionBase &other) const override {
        const auto *same = dynamic_cast<const ValueOption *>(&other);
        return same && same->value_ == value_;
    }
    void copyFrom(const fcitx::OptionBase &other) override {
        if (const auto *same = dynamic_cast<const ValueOption *>(&other)) {
            value_ = same->value_;
        }
    }
    bool skipDescription() const override { return false; }
    bool skipSave() const override { return false; }
    void dumpDescription(fcitx::RawConfig &config) const override {
        fcitx::OptionBase::dumpDescription(config);
        default_.writeTo(*config.get("DefaultValue", true));
        for (const auto &[path, text] : extras_) {
            config.setValueByPath(path, text);
        }
    }

private:
    std::string type_;
    PageValue value_;
    PageValue default_;
    std::vector<std::pair<std::string, std::string>> extras_;
};

/// The empty section a message stands for: fcitx5-configtool draws an option whose type is a
/// section as a titled box, the title being the option's description, so a message is a line the
/// user reads and cannot edit (fcitx5 5.0 has no read-only option type).
class MessageSection final : public fcitx::Configuration {
public:
    const char *typeName() const override { return "Message"; }
};

/// A read-only line of the page: a problem of the settings file, a refused write, the file's path.
class MessageOption final : public fcitx::OptionBase {
public:
    MessageOption(fcitx::Configuration *parent, const std::string &name, const std::string &text)
        : fcitx::OptionBase(parent, name, text) {}

    std::string typeString() const override { return "Message"; }
    void reset() override {}
    bool isDefault() const override { return true; }
    void marshall(fcitx::RawConfig & /*config*/) const override {}
    bool unmarshall(const fcitx::RawConfig & /*config*/, bool /*partial*/) override { return true; }
    std::unique_ptr<fcitx::Configuration> subConfigSkeleton() const override {
        return std::make_unique<MessageSection>();
    }
    bool equalTo(const fcitx::OptionBase &other) const override {
        return dynamic_cast<const MessageOption *>(&other) != nullptr;
    }
    void copyFrom(const fcitx::OptionBase & /*other*/) override {}
    bool skipDescription() const override { return false; }
    bool skipSave() const override { return true; }
};

std::string text(const nlohmann::json &entry, const char *member) {
    auto found = entry.find(member);
    return found != entry.end() && found->is_string() ? found->get<std::string>() : std::string();
}

/// An entry's description, or a value's name, in the page's language (English when there is no Korean).
std::string described(const nlohmann::json &entry, const std::string &member, bool korean) {
    const std::string inKorean = text(entry, ("korean_" + member).c_str());
    return korean && !inKorean.empty() ? inKorean : text(entry, member.c_str());
}

/// The page's form of a daemon value; false when the type is not one the page edits.
bool pageValue(const std::string &type, const nlohmann::json &value, PageValue &out) {
    if (type == "flag") {
        out.scalar = value.is_boolean() && value.get<bool>() ? "True" : "False";
        return true;
    }
    if (type == "choice" || type == "layout") {
        out.scalar = value.is_string() ? value.get<std::string>() : std::string();
        return true;
    }
    if (type == "keys") {
        out.isList = true;
        if (value.is_array()) {
            for (const auto &key : value) {
                if (key.is_string()) {
                    out.list.push_back(fcitxKeyName(key.get<std::string>()));
                }
            }
        }
        return true;
    }
    return false;
}

const char *fcitxType(const std::string &type) {
    if (type == "flag") {
        return "Boolean";
    }
    if (type == "keys") {
        return "List|Key";
    }
    return "Enum";
}

bool sameLetters(const std::string &a, const std::string &b) {
    if (a.size() != b.size()) {
        return false;
    }
    for (size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) {
            return false;
        }
    }
    return true;
}

std::string joined(const std::vector<std::string> &items) {
    std::string result;
    for (const auto &item : items) {
        result += (result.empty() ? "" : ",") + item;
    }
    return result;
}

} // namespace

bool koreanLocale() {
    for (const char *variable : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) {
        const char *value = std::getenv(variable);
        if (value && *value) {
            return std::string(value).rfind("ko", 0) == 0;
        }
    }
    return false;
}

std::string daemonKeyName(const std::string &fcitxKey) {
    const fcitx::Key key(fcitxKey);
    if (key.sym() == FcitxKey_None) {
        return fcitxKey; // not a key fcitx5 knows: hangulctl says what is wrong with it
    }
    const fcitx::KeyStates states = key.states();
    const fcitx::KeyStates named =
        fcitx::KeyStates{fcitx::KeyState::Shift, fcitx::KeyState::Ctrl,   fcitx::KeyState::Alt,
                         fcitx::KeyState::Super, fcitx::KeyState::Super2, fcitx::KeyState::Mod5};
    if ((states & ~named) != 0) {
        return fcitxKey; // Hyper, Meta: the daemon has no such modifier, and hangulctl refuses it by name
    }
    std::string result;
    if (states.test(fcitx::KeyState::Shift)) {
        result += "Shift+";
    }
    if (states.test(fcitx::KeyState::Ctrl)) {
        result += "Control+";
    }
    if (states.test(fcitx::KeyState::Alt)) {
        result += "Alt+";
    }
    if (states.test(fcitx::KeyState::Super) || states.test(fcitx::KeyState::Super2)) {
        result += "Super+";
    }
    if (states.test(fcitx::KeyState::Mod5)) {
        result += "AltGr+";
    }
    std::string name = fcitx::Key::keySymToString(key.sym());
    // fcitx5 records Shift+a as Shift+A; the daemon writes the letter (either case matches).
    if (states.test(fcitx::KeyState::Shift) && name.size() == 1 && std::isupper(static_cast<unsigned char>(name[0]))) {
        name[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(name[0])));
    }
    return result + name;
}

std::string fcitxKeyName(const std::string &daemonKey) {
    fcitx::KeyStates states;
    size_t start = 0;
    for (size_t plus = daemonKey.find('+'); plus != std::string::npos && plus + 1 < daemonKey.size();
         plus = daemonKey.find('+', start)) {
        const std::string modifier = daemonKey.substr(start, plus - start);
        if (sameLetters(modifier, "Shift")) {
            states |= fcitx::KeyState::Shift;
        } else if (sameLetters(modifier, "Control") || sameLetters(modifier, "Ctrl")) {
            states |= fcitx::KeyState::Ctrl;
        } else if (sameLetters(modifier, "Alt") || sameLetters(modifier, "Mod1")) {
            states |= fcitx::KeyState::Alt;
        } else if (sameLetters(modifier, "Super") || sameLetters(modifier, "Mod4")) {
            states |= fcitx::KeyState::Super;
        } else if (sameLetters(modifier, "AltGr") || sameLetters(modifier, "Mod5")) {
            states |= fcitx::KeyState::Mod5;
        } else {
            return daemonKey;
        }
        start = plus + 1;
    }
    const auto sym = fcitx::Key::keySymFromString(daemonKey.substr(start));
    if (sym == FcitxKey_None) {
        return daemonKey;
    }
    return fcitx::Key(sym, states).toString();
}

SettingsPage::SettingsPage(const SettingsSnapshot &snapshot, const std::vector<std::string> &notes, bool korean) {
    int line = 0;
    auto message = [&](const std::string &shown) {
        options_.push_back(std::make_unique<MessageOption>(this, "message-" + std::to_string(++line), shown));
    };
    for (const auto &note : notes) {
        message(note);
    }
    for (const auto &note : snapshot.notes) {
        message(note);
    }
    if (!snapshot.problems.empty()) {
        message(korean ? "설정 파일에 문제가 있습니다. 고친 뒤 이 페이지를 다시 여세요:"
                       : "The settings file has a problem; fix it, then open this page again:");
        for (const auto &problem : snapshot.problems) {
            message(problem);
        }
        return;
    }
    if (!snapshot.readable) {
        return;
    }
    if (!snapshot.configFile.empty()) {
        message((korean ? "설정 파일: " : "Settings file: ") + snapshot.configFile);
    } else {
        message(korean ? "hanguld가 읽는 설정 파일이 없어 여기서 바꿀 수 없습니다."
                       : "hanguld reads no settings file: nothing can be changed here.");
    }
    for (const auto &entry : snapshot.options) {
        const std::string name = text(entry, "name");
        const std::string type = text(entry, "type");
        if (name.empty() || name.find('/') != std::string::npos || name.rfind("message-", 0) == 0) {
            continue;
        }
        const auto current = snapshot.values.find(name);
        PageValue value;
        PageValue fallback;
        if (!pageValue(type, entry.value("default", nlohmann::json()), fallback) || current == snapshot.values.end() ||
            !pageValue(type, *current, value)) {
            // A type this page does not know (a later daemon's), or a value it was not told: shown, not edited.
            message(name + " = " + (current == snapshot.values.end() ? std::string("?") : current->dump()));
            continue;
        }
        std::vector<std::pair<std::string, std::string>> extras;
        if (type == "choice" || type == "layout") {
            const auto values = entry.value("values", nlohmann::json::array());
            int index = 0;
            for (const auto &allowed : values) {
                const std::string id = text(allowed, "value");
                std::string shown = described(allowed, "name", korean);
                if (type == "layout") {
                    // Both names, the page's language first, and the id the settings file writes.
                    const std::string other = described(allowed, "name", !korean);
                    if (!other.empty() && other != shown) {
                        shown.append(" · ").append(other);
                    }
                    shown.append(" (").append(id).append(")");
                }
                extras.emplace_back("Enum/" + std::to_string(index), id);
                extras.emplace_back("EnumI18n/" + std::to_string(index), shown);
                ++index;
            }
        }
        options_.push_back(std::make_unique<ValueOption>(this, name, described(entry, "description", korean),
                                                         fcitxType(type), value, fallback, extras));
    }
}

SettingsPage::~SettingsPage() = default;

std::vector<SettingChange> changesFrom(const fcitx::RawConfig &page, const SettingsSnapshot &snapshot) {
    std::vector<SettingChange> changes;
    if (!snapshot.readable || !snapshot.problems.empty()) {
        return changes; // the page showed no options, so nothing on it is a choice of the user's
    }
    for (const auto &entry : snapshot.options) {
        const std::string name = text(entry, "name");
        const std::string type = text(entry, "type");
        const auto saved = page.get(name);
        const auto current = snapshot.values.find(name);
        if (!saved || current == snapshot.values.end()) {
            continue;
        }
        if (type == "flag") {
            if (saved->value() != "True" && saved->value() != "False") {
                continue;
            }
            const bool on = saved->value() == "True";
            if (!current->is_boolean() || current->get<bool>() != on) {
                changes.push_back({name, on ? "true" : "false"});
            }
        } else if (type == "choice" || type == "layout") {
            bool allowed = false;
            for (const auto &value : entry.value("values", nlohmann::json::array())) {
                allowed = allowed || text(value, "value") == saved->value();
            }
            if (allowed && (!current->is_string() || current->get<std::string>() != saved->value())) {
                changes.push_back({name, saved->value()});
            }
        } else if (type == "keys") {
            std::vector<std::string> keys;
            for (const auto &item : listItems(*saved)) {
                if (!item.empty()) {
                    keys.push_back(daemonKeyName(item));
                }
            }
            std::vector<std::string> before;
            for (const auto &key : current->is_array() ? *current : nlohmann::json::array()) {
                if (key.is_string()) {
                    before.push_back(daemonKeyName(fcitxKeyName(key.get<std::string>())));
                }
            }
            if (keys != before) {
                changes.push_back({name, joined(keys)});
            }
        }
    }
    return changes;
}

} // namespace hanguld
