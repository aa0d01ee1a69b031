// The configuration page without fcitx5 running (src/settingspage.h): keys between fcitx5's notation
// and the daemon's, the page made from a list_options result (types, values, enum names, read-only
// lines), and what a saved page changes. dbus_tests.py's page group tests the same through a real
// fcitx5 and daemon; this pins the conversions case by case.
//   settingspage_tests     prints PASS/FAIL per check and "N passed, N failed"; exit 1 on a failure
#include <exception>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <fcitx-config/rawconfig.h>

#include "settingspage.h"

namespace {

int passed = 0;
int failed = 0;

void check(bool ok, const std::string &name, const std::string &why = {}) {
    (ok ? passed : failed) += 1;
    std::cout << (ok ? "PASS " : "FAIL ") << name << (ok || why.empty() ? "" : ": " + why) << "\n";
}

/// A list_options result in the daemon's form: a layout, a flag, a choice, a key list, and an entry
/// of a type a later daemon might add.
const char *listed = R"([
  {"name":"layout","type":"layout","scope":"session","default":"2","values":[
    {"value":"2","name":"Dubeolsik","korean_name":"두벌식"},
    {"value":"3f","name":"Sebeolsik Final","korean_name":"세벌식 최종"}],
   "description":"The keyboard layout","korean_description":"자판 배열"},
  {"name":"auto-reorder","type":"flag","scope":"session","default":false,"description":"Reorder","korean_description":"순서"},
  {"name":"start-mode","type":"choice","scope":"daemon","default":"hangul","values":[
    {"value":"hangul","name":"Hangul","korean_name":"한글"},{"value":"latin","name":"Latin","korean_name":"영문"}],
   "description":"Start mode","korean_description":"시작 모드"},
  {"name":"toggle-keys","type":"keys","scope":"session","default":["Hangul","Shift+space"],"description":"Toggle keys"},
  {"name":"future","type":"number","scope":"session","default":3,"description":"Later"}
])";

hanguld::SettingsSnapshot snapshot() {
    hanguld::SettingsSnapshot result;
    result.options = nlohmann::json::parse(listed);
    result.values = nlohmann::json::parse(
        R"({"layout":"2","auto-reorder":false,"start-mode":"hangul","toggle-keys":["Hangul","Shift+space"],"future":3})");
    result.configFile = "/home/u/.config/hangul/config.toml";
    result.readable = true;
    return result;
}

std::string show(const std::vector<hanguld::SettingChange> &changes) {
    std::string text;
    for (const auto &change : changes) {
        text += change.name + "=" + change.value + " ";
    }
    return text.empty() ? "(none)" : text;
}

void keys() {
    const std::map<std::string, std::string> toDaemon = {
        {"Control+F9", "Control+F9"},   {"Shift+A", "Shift+a"}, {"Shift+space", "Shift+space"},
        {"Super+space", "Super+space"}, {"Hangul", "Hangul"},   {"Hangul_Hanja", "Hangul_Hanja"},
        {"Alt+Shift+k", "Shift+Alt+k"}, {"Hyper+a", "Hyper+a"}, {"nonsense+", "nonsense+"},
    };
    for (const auto &[fcitx, daemon] : toDaemon) {
        const std::string got = hanguld::daemonKeyName(fcitx);
        check(got == daemon, std::string("fcitx5's ").append(fcitx).append(" is the daemon's ").append(daemon),
              "got " + got);
    }
    const std::map<std::string, std::string> toFcitx = {
        {"ctrl+space", "Control+space"}, {"Shift+space", "Shift+space"}, {"Hangul", "Hangul"},
        {"Mod4+F9", "Super+F9"},         {"Bogus+a", "Bogus+a"},
    };
    for (const auto &[daemon, fcitx] : toFcitx) {
        const std::string got = hanguld::fcitxKeyName(daemon);
        check(got == fcitx, std::string("the daemon's ").append(daemon).append(" is fcitx5's ").append(fcitx),
              "got " + got);
    }
}

void page() {
    const hanguld::SettingsPage page(snapshot(), {"Not saved: x"}, false);
    fcitx::RawConfig description;
    page.dumpDescription(description);
    auto type = [&](const std::string &option) {
        const auto *value = description.valueByPath("HangulSettings/" + option + "/Type");
        return value ? *value : std::string("(none)");
    };
    check(type("layout") == "Enum" && type("auto-reorder") == "Boolean" && type("start-mode") == "Enum" &&
              type("toggle-keys") == "List|Key",
          "each entry has the type fcitx5 draws for it",
          type("layout") + " " + type("auto-reorder") + " " + type("start-mode") + " " + type("toggle-keys"));
    const auto *name = description.valueByPath("HangulSettings/layout/EnumI18n/1");
    const auto *id = description.valueByPath("HangulSettings/layout/Enum/1");
    check(name && id && *name == "Sebeolsik Final · 세벌식 최종 (3f)" && *id == "3f",
          "a layout is shown by both names and its id", name ? *name : "(none)");
    const hanguld::SettingsPage inKorean(snapshot(), {}, true);
    fcitx::RawConfig koreanDescription;
    inKorean.dumpDescription(koreanDescription);
    const auto *korean = koreanDescription.valueByPath("HangulSettings/layout/EnumI18n/1");
    check(korean && *korean == "세벌식 최종 · Sebeolsik Final (3f)", "in Korean, the Korean name comes first",
          korean ? *korean : "(none)");
    const auto *note = description.valueByPath("HangulSettings/message-1/Description");
    const auto *future = description.valueByPath("HangulSettings/message-3/Description");
    check(note && *note == "Not saved: x" && future && *future == "future = 3" &&
              type("message-1") == "message-1$Message" && description.get("message-1$Message"),
          "notes and an entry of an unknown type are read-only lines (an empty section each)",
          (note ? *note : "(none)") + " / " + (future ? *future : "(none)") + " / " + type("message-1"));
    fcitx::RawConfig values;
    page.save(values);
    const auto *toggle = values.valueByPath("toggle-keys/1");
    const auto *reorder = values.valueByPath("auto-reorder");
    check(toggle && *toggle == "Shift+space" && reorder && *reorder == "False" && !values.get("message-1") &&
              !values.get("future"),
          "the page's values are the daemon's, and the read-only lines have none");

    check(hanguld::changesFrom(values, snapshot()).empty(), "a page saved as it was changes nothing",
          show(hanguld::changesFrom(values, snapshot())));
    values.setValueByPath("layout", "3f");
    values.setValueByPath("auto-reorder", "True");
    values.setValueByPath("start-mode", "klingon");
    values.setValueByPath("toggle-keys/1", "Control+F9");
    values.setValueByPath("toggle-keys/2", "Shift+A");
    const auto changes = hanguld::changesFrom(values, snapshot());
    check(show(changes) == "layout=3f auto-reorder=true toggle-keys=Hangul,Control+F9,Shift+a ",
          "a saved page changes the options it changed, in the daemon's notation, and no value outside "
          "an option's list",
          show(changes));
    values.remove("toggle-keys");
    values["toggle-keys"];
    const auto emptied = hanguld::changesFrom(values, snapshot());
    check(!emptied.empty() && emptied.back().name == "toggle-keys" && emptied.back().value.empty(),
          "a key list emptied on the page is written as no keys", show(emptied));

    auto refused = snapshot();
    refused.problems = {"/home/u/.config/hangul/config.toml:3: unknown key \"auto_reorder\""};
    const hanguld::SettingsPage problem(refused, {}, false);
    fcitx::RawConfig shown;
    problem.dumpDescription(shown);
    const auto *line = shown.valueByPath("HangulSettings/message-2/Description");
    check(line && line->find(":3:") != std::string::npos && !shown.get("HangulSettings/layout"),
          "a refused file shows its problems with their lines, and no option", line ? *line : "(none)");
    check(hanguld::changesFrom(values, refused).empty(), "a page saved while the file is refused changes nothing");
}

} // namespace

int main() {
    try {
        keys();
        page();
    } catch (const std::exception &error) {
        check(false, "the checks ran to their end", error.what());
    }
    std::cout << passed << " passed, " << failed << " failed\n";
    return failed == 0 ? 0 : 1;
}
