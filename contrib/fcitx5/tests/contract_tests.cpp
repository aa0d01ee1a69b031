// The addon's pure contract (src/contract.h, keychords.h, reconnectrule.h, reply.h) tested without
// fcitx: first the case table the IBus engine's contract is tested from too
// (contrib/testing/frontend-contract-cases.json: the contract, key chords, the reconnect rule), then
// what only this addon has (reading replies, key lists, keys, the indicator). Prints PASS or FAIL per test and "N
// passed, N failed"; exits 1 on a failure.
//   contract_tests PATH/TO/frontend-contract-cases.json
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "contract.h"
#include "keychords.h"
#include "reconnectrule.h"
#include "reply.h"

using namespace hanguld;
using nlohmann::json;

namespace {

int passed = 0;
int failed = 0;

void report(bool ok, const std::string &name, const std::string &detail = "") {
    if (ok) {
        ++passed;
        std::cout << "PASS " << name << "\n";
    } else {
        ++failed;
        std::cout << "FAIL " << name << (detail.empty() ? "" : ": " + detail) << "\n";
    }
}

json pageJson(const CandidatePage &page) {
    json items = json::array();
    for (const auto &item : page.items) {
        items.push_back({{"value", item.value}, {"meaning", item.meaning}});
    }
    return {{"items", items}, {"start", page.start}, {"highlight", page.highlight}, {"total", page.total}};
}

/// An effect written as the case table writes it.
json effectJson(const Effect &effect) {
    switch (effect.kind) {
    case Effect::Kind::Preedit:
        return {{"preedit", effect.text}};
    case Effect::Kind::DeleteBefore:
        return {{"delete_before", effect.count}};
    case Effect::Kind::Commit:
        return {{"commit", effect.text}};
    case Effect::Kind::ShowCandidates:
        return {{"show_candidates", pageJson(effect.page)}};
    case Effect::Kind::HideCandidates:
        return {{"hide_candidates", true}};
    case Effect::Kind::Mode:
        return {{"mode", modeName(effect.mode)}};
    }
    return nullptr;
}

json effectsJson(const std::vector<Effect> &effects) {
    json list = json::array();
    for (const auto &effect : effects) {
        list.push_back(effectJson(effect));
    }
    return list;
}

/// One contract case of the table: every check of every step must hold.
void runContractCase(const json &testCase) {
    const std::string name = testCase.at("name").get<std::string>();
    FrontendContract contract;
    std::string problem;
    int index = 0;
    for (const auto &step : testCase.at("steps")) {
        ++index;
        const std::string where = "step " + std::to_string(index) + ": ";
        std::vector<Effect> effects;
        if (step.contains("reply")) {
            StateReply reply;
            if (!readStateReply(step["reply"], reply)) {
                problem = where + "the reply was not read as a state";
                break;
            }
            effects = contract.apply(reply);
        } else if (step.contains("fail_open")) {
            effects = contract.failOpen();
        } else if (step.contains("forget_preedit")) {
            contract.forgetPreedit();
        } else if (step.contains("hide_candidates")) {
            effects = contract.hideCandidates();
        } else {
            problem = where + "no action this test knows (reply, fail_open, forget_preedit, hide_candidates)";
            break;
        }
        if (step.contains("effects") && effectsJson(effects) != step["effects"]) {
            problem = where + "effects " + effectsJson(effects).dump() + ", expected " + step["effects"].dump();
            break;
        }
        if (step.contains("shown_preedit") && contract.shownPreedit() != step["shown_preedit"].get<std::string>()) {
            problem = where + "shown preedit \"" + contract.shownPreedit() + "\"";
            break;
        }
        if (step.contains("shown_candidates")) {
            const json shown = contract.candidatesShown() ? pageJson(contract.shownCandidates()) : json(nullptr);
            if (shown != step["shown_candidates"]) {
                problem = where + "shown candidates " + shown.dump();
                break;
            }
        }
    }
    report(problem.empty(), "contract table: " + name, problem);
}

/// The few keysym names these tests and the table use, as fcitx5's table (and xkbcommon) has them.
uint32_t testKeysymNamed(const std::string &name) {
    static const std::map<std::string, uint32_t> names = {
        {"h", 0x68}, {"space", 0x20}, {"Hangul", 0xff31}, {"Hangul_Hanja", 0xff34}, {"F9", 0xffc6}, {"plus", 0x2b}};
    auto found = names.find(name);
    return found == names.end() ? 0 : found->second;
}

void runChordCase(const json &testCase) {
    const std::string name = testCase.at("name").get<std::string>();
    KeyChord chord;
    const bool parsed = KeyChord::parse(testCase.at("notation").get<std::string>(), testKeysymNamed, chord);
    std::string problem;
    if (testCase.at("keysym").is_null()) {
        if (parsed) {
            problem = "read as keysym " + std::to_string(chord.keysym);
        }
    } else if (!parsed) {
        problem = "not read";
    } else if (chord.keysym != testCase["keysym"].get<uint32_t>() ||
               chord.modifiers != testCase.at("modifiers").get<uint32_t>()) {
        problem = "read as keysym " + std::to_string(chord.keysym) + ", modifiers " + std::to_string(chord.modifiers);
    } else {
        for (const auto &press : testCase.value("presses", json::array())) {
            if (chord.matches(press.at("keysym").get<uint32_t>(), press.at("modifiers").get<uint32_t>()) !=
                press.at("matches").get<bool>()) {
                problem = "press " + press.dump() + " wrongly";
                break;
            }
        }
    }
    report(problem.empty(), "chord table: " + name, problem);
}

void runReconnectCase(const json &testCase) {
    const std::string name = testCase.at("name").get<std::string>();
    ReconnectRule rule;
    const ReconnectRule::Clock::time_point start{};
    std::string problem;
    for (const auto &step : testCase.at("steps")) {
        const auto now = start + std::chrono::milliseconds(step.at("at").get<int>());
        const std::string where = "at " + std::to_string(step["at"].get<int>()) + " ms: ";
        if (step.contains("event")) {
            const std::string event = step["event"].get<std::string>();
            if (event == "timed_out") {
                rule.timedOut(now);
            } else if (event == "answered") {
                rule.answered();
            } else {
                problem = where;
                problem += "unknown event " + event;
                break;
            }
        }
        if (step.contains("silent") && rule.isSilent(now) != step["silent"].get<bool>()) {
            problem = where + (rule.isSilent(now) ? "silent" : "not silent");
            break;
        }
        if (step.contains("timeouts") && rule.timeouts() != step["timeouts"].get<int>()) {
            problem = where + std::to_string(rule.timeouts()) + " timeouts";
            break;
        }
    }
    report(problem.empty(), "reconnect table: " + name, problem);
}

void readingReplies() {
    StateReply reply;
    report(readStateReply(json::parse(R"({"handled":true,"commit":"한","preedit":"ㄱ","mode":"latin"})"), reply) &&
               reply.handled && reply.commit == "한" && reply.preedit == "ㄱ" && reply.hasMode &&
               reply.mode == Mode::Latin && reply.candidates == StateReply::Candidates::Absent,
           "a state reply is read member by member");
    report(readStateReply(json::parse("{}"), reply) && !reply.handled && !reply.hasMode && reply.commit.empty(),
           "an empty result (set_surrounding_text's) is a state that changes nothing");
    report(readStateReply(json::parse(R"({"mode":"greek"})"), reply) && !reply.hasMode,
           "a mode this addon does not know changes no mode");
    const char *malformed[] = {
        R"({"delete_before":0})",
        R"({"delete_before":-1})",
        R"({"delete_before":"2"})",
        R"({"candidates":[]})",
        R"({"candidates":{"items":[],"start":0,"highlight":0,"total":0}})",
        R"({"candidates":{"items":[{"value":"韓"}],"start":1,"highlight":1,"total":2}})",
        R"({"candidates":{"items":[{"value":"韓"}],"start":0,"highlight":1,"total":2}})",
        R"({"candidates":{"items":[{"value":"韓"},{"value":"漢"}],"start":0,"highlight":0,"total":1}})",
        R"({"candidates":{"items":[{"meaning":"한"}],"start":0,"highlight":0,"total":1}})",
        R"({"candidates":{"items":[1,2,3,4,5,6,7,8,9,10],"start":0,"highlight":0,"total":10}})",
    };
    bool allRefused = true;
    std::string accepted;
    for (const char *text : malformed) {
        StateReply read;
        if (readStateReply(json::parse(text), read)) {
            allRefused = false;
            accepted = text;
        }
    }
    report(allRefused, "a malformed delete_before or candidate page makes the reply malformed", "accepted " + accepted);
    report(readStateReply(json::parse(R"({"candidates":{"items":[{"value":"佳"},{"value":"嘉"}],"start":9,)"
                                      R"("highlight":10,"total":11}})"),
                          reply) &&
               reply.candidates == StateReply::Candidates::Open && reply.page.start == 9 &&
               reply.page.items.size() == 2 && reply.page.items[1].value == "嘉" && reply.page.items[1].meaning.empty(),
           "a second page is read with its place in the whole list");
}

void keyChordsAndLists() {
    KeyLists lists;
    readKeyLists(json::parse(R"({"hanja-keys":["Hangul_Hanja","F9","Hyper+x",3],"layout":"dubeolsik"})"),
                 testKeysymNamed, lists);
    report(lists.chords(KeyList::Hanja).size() == 2 && lists.matches(KeyList::Hanja, 0xff34, 0) &&
               lists.matches(KeyList::Hanja, 0xffc6, 0x10) && !lists.matches(KeyList::Hanja, 0x68, 0),
           "the hanja keys are read from the options, names it cannot read left out");
    readKeyLists(json::parse(R"({"layout":"sebeolsik-final"})"), testKeysymNamed, lists);
    report(lists.chords(KeyList::Hanja).size() == 2, "options without a key list leave it as it was");
    readKeyLists(json::parse(R"({"hanja-keys":[]})"), testKeysymNamed, lists);
    report(lists.chords(KeyList::Hanja).empty(), "an empty list empties it");
    report(std::string(keyListOption(KeyList::Hanja)) == "hanja-keys", "each key list is named by its option");
}

void keysAndIndicator() {
    FrontendContract contract;
    StateReply reply;
    readStateReply(json::parse(R"({"handled":true,"commit":"","preedit":"가","mode":"hangul"})"), reply);
    KeyOutcome outcome = contract.key(&reply);
    report(outcome.swallowed && effectsJson(outcome.effects) == json::parse(R"([{"preedit":"가"}])"),
           "a handled key is swallowed after its effects");
    readStateReply(json::parse(R"({"handled":false,"commit":"가","preedit":"","mode":"hangul"})"), reply);
    outcome = contract.key(&reply);
    report(!outcome.swallowed && effectsJson(outcome.effects) == json::parse(R"([{"preedit":""},{"commit":"가"}])"),
           "a key the daemon did not handle reaches the application after the commit");
    readStateReply(json::parse(R"({"handled":true,"commit":"","preedit":"ㄴ","mode":"hangul"})"), reply);
    contract.key(&reply);
    outcome = contract.key(nullptr);
    report(!outcome.swallowed && effectsJson(outcome.effects) == json::parse(R"([{"preedit":""},{"commit":"ㄴ"}])"),
           "without a reply the preedit is committed and the key reaches the application");

    FrontendContract fresh;
    report(fresh.wantsSurroundingBefore(true, false) && !fresh.wantsSurroundingBefore(false, false) &&
               !fresh.wantsSurroundingBefore(true, true),
           "the surrounding text goes only before a hanja key's press");
    readStateReply(json::parse(R"({"handled":true,"commit":"","preedit":"한","mode":"hangul"})"), reply);
    fresh.apply(reply);
    const bool composing = fresh.wantsSurroundingBefore(true, false);
    readStateReply(json::parse(R"({"handled":true,"commit":"한","preedit":"","mode":"latin"})"), reply);
    fresh.apply(reply);
    report(!composing && !fresh.wantsSurroundingBefore(true, false),
           "nor while something is composed, nor in Latin mode");
    report(fresh.wantsSurroundingBeforeFix(true, false) && !fresh.wantsSurroundingBeforeFix(false, false) &&
               !fresh.wantsSurroundingBeforeFix(true, true),
           "before a fix key's press it goes in Latin mode too");

    FrontendContract started;
    started.startSession(Mode::Latin);
    readStateReply(json::parse(R"({"handled":false,"commit":"","preedit":"","mode":"latin"})"), reply);
    report(started.apply(reply).empty() && started.mode() == Mode::Latin,
           "a session that starts in Latin mode shows no change for a Latin reply");
    report(shownMode(true, Mode::Hangul) == Mode::Hangul && shownMode(true, Mode::Latin) == Mode::Latin &&
               shownMode(false, Mode::Hangul) == Mode::Latin,
           "the indicator shows Latin whenever keys pass through untouched, a lost daemon included");

    KeyEvent key;
    report(KeyEvent::make(0x61, 38, 0x4, false, key) && key.keycode == 38 && key.modifiers == 0x4 && !key.release,
           "a key event carries its keysym, keycode and modifiers");
    report(KeyEvent::make(0x61, 0, 0, true, key) && key.keycode == 0 && key.release &&
               KeyEvent::make(0x61, 7, 0, false, key) && key.keycode == 0 &&
               KeyEvent::make(0x61, 65536, 0, false, key) && key.keycode == 0 &&
               KeyEvent::make(0x61, 65535, 0, false, key) && key.keycode == 65535,
           "a keycode outside 8-65535 is left out, and the keysym alone decides");
    report(!KeyEvent::make(0x20000000, 38, 0, false, key) && KeyEvent::make(0x1FFFFFFF, 38, 0, false, key),
           "a keysym past the protocol's range is no key to send");

    // A character the addon types itself for an XIM client (ximorder.h) joins the text its key ended.
    std::vector<Effect> effects = {Effect::preedit(""), Effect::commit("한"), Effect::preedit("")};
    appendToLastCommit(effects, "1");
    std::vector<Effect> nothingCommitted = {Effect::preedit("")};
    appendToLastCommit(nothingCommitted, " ");
    report(effects.size() == 3 && effects[1].kind == Effect::Kind::Commit && effects[1].text == "한1" &&
               nothingCommitted.size() == 2 && nothingCommitted[1].kind == Effect::Kind::Commit &&
               nothingCommitted[1].text == " ",
           "a typed character joins the last commit, or is committed after everything else when there is none");
}

int run(int argc, char **argv) {
    if (argc != 2) {
        std::cerr << "usage: contract_tests PATH/TO/frontend-contract-cases.json\n";
        return 2;
    }
    std::ifstream file(argv[1]);
    json table = json::parse(file, nullptr, false);
    if (table.is_discarded() || !table.contains("contract") || !table.contains("chords") ||
        !table.contains("reconnect")) {
        std::cerr << argv[1] << " is not the case table (a JSON object with `contract`, `chords` and `reconnect`): "
                  << "pass contrib/testing/frontend-contract-cases.json\n";
        return 2;
    }
    for (const auto &testCase : table["contract"]) {
        runContractCase(testCase);
    }
    for (const auto &testCase : table["chords"]) {
        runChordCase(testCase);
    }
    for (const auto &testCase : table["reconnect"]) {
        runReconnectCase(testCase);
    }
    readingReplies();
    keyChordsAndLists();
    keysAndIndicator();
    std::cout << passed << " passed, " << failed << " failed\n";
    return failed == 0 ? 0 : 1;
}

} // namespace

// A malformed case table (a field of the wrong type) throws from nlohmann::json: say so and fail.
int main(int argc, char **argv) {
    try {
        return run(argc, argv);
    } catch (const std::exception &error) {
        std::cerr << "contract_tests: the case table is malformed: " << error.what() << "\n";
    } catch (...) {
        std::cerr << "contract_tests: stopped by an unknown exception\n";
    }
    return 1;
}
