// The addon in fcitx5's own headless harness (testfrontend + testim, no D-Bus, no display), against a
// running hanguld ($HANGULD_SOCKET): the corpus typed key by key into fresh input contexts, the text
// compared with hangul-compose's for the same keys, the hanja candidate list driven through its
// paging, cursor and select interfaces, then focus out, BackSpace, toggle, password field and a
// shortcut mid-syllable, with testfrontend's commit expectations.
//
//   testhanguld CASES.json
//   testhanguld --bench CASES.json    per-key time in process, ours beside fcitx5-hangul (markdown rows)
// CASES.json: [{"keys": [[keysym, evdev, shift], ...], "expected": "text"}, ...], written by
// contrib/fcitx5/test from contrib/testing/hangul_testing.py (keys and hangul-compose's text).
// Prints "PASS name" or "FAIL name: why" per check and "N passed, N failed"; exits 1 on any failure.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <fcitx-utils/eventdispatcher.h>
#include <fcitx-utils/key.h>
#include <fcitx-utils/keysym.h>
#include <fcitx-utils/log.h>
#include <fcitx-utils/testing.h>
#include <fcitx/action.h>
#include <fcitx/addonmanager.h>
#include <fcitx/inputcontext.h>
#include <fcitx/inputcontextmanager.h>
#include <fcitx/inputmethodengine.h>
#include <fcitx/inputmethodgroup.h>
#include <fcitx/inputmethodmanager.h>
#include <fcitx/inputpanel.h>
#include <fcitx/instance.h>
#include <fcitx/userinterfacemanager.h>
#include <testfrontend_public.h>

using namespace fcitx;

namespace {

struct Stroke {
    uint32_t keysym;
    int evdev;
    bool shift;
};

struct Case {
    std::vector<Stroke> keys;
    std::string expected;
};

int passed = 0;
int failed = 0;

void check(bool ok, const std::string &name, const std::string &why = {}) {
    if (ok) {
        ++passed;
        std::cout << "PASS " << name << "\n";
    } else {
        ++failed;
        std::cout << "FAIL " << name << ": " << why << "\n";
    }
}

std::string show(const std::string &text) { return "\"" + text + "\""; }

/// A text field: what fcitx5 committed into it, and the keys it received because no one took them.
struct Field {
    std::string text;

    void insertUnhandled(const Key &key) {
        if (key.states().testAny(KeyStates{KeyState::Ctrl, KeyState::Alt, KeyState::Super})) {
            return;
        }
        if (key.sym() == FcitxKey_BackSpace) {
            // Deletes one UTF-8 character.
            while (!text.empty()) {
                const unsigned char last = static_cast<unsigned char>(text.back());
                text.pop_back();
                if ((last & 0xC0) != 0x80) {
                    break;
                }
            }
        } else if (key.sym() >= 0x20 && key.sym() <= 0x7E) {
            text.push_back(static_cast<char>(key.sym()));
        }
    }
};

class Harness {
public:
    explicit Harness(Instance *instance) : instance_(instance) {
        watcher_ = instance_->watchEvent(EventType::InputContextCommitString, EventWatcherPhase::Default,
                                         [this](Event &event) {
                                             auto &commit = static_cast<CommitStringEvent &>(event);
                                             if (field_ && commit.inputContext() == ic_) {
                                                 field_->text += commit.text();
                                                 ++commits_;
                                             }
                                         });
        frontend_ = instance_->addonManager().addon("testfrontend");
    }

    InputContext *open(Field &field, CapabilityFlags flags = CapabilityFlags()) {
        uuid_ = frontend_->call<ITestFrontend::createInputContext>("testhanguld");
        ic_ = instance_->inputContextManager().findByUUID(uuid_);
        ic_->setCapabilityFlags(flags);
        // testfrontend 5.0.21 creates the context unfocused, and fcitx5 sends keys only to a focused one.
        ic_->focusIn();
        field_ = &field;
        commits_ = 0;
        return ic_;
    }

    void close() {
        frontend_->call<ITestFrontend::destroyInputContext>(uuid_);
        ic_ = nullptr;
        field_ = nullptr;
    }

    /// One key event through fcitx5, as a frontend delivers it; returns whether the IM took it.
    bool send(const Key &key, bool release) {
        KeyEvent event(ic_, key, release);
        ic_->keyEvent(event);
        if (!event.accepted() && !release && field_) {
            field_->insertUnhandled(key);
        }
        return event.accepted();
    }

    /// Press and release, with Shift_L around it when the character needs Shift.
    void type(const Stroke &stroke) {
        const int code = stroke.evdev + 8;
        if (stroke.shift) {
            send(Key(FcitxKey_Shift_L, KeyStates(), 50), false);
        }
        KeyStates states = stroke.shift ? KeyStates(KeyState::Shift) : KeyStates();
        Key key(static_cast<KeySym>(stroke.keysym), states, code);
        send(key, false);
        send(key, true);
        if (stroke.shift) {
            send(Key(FcitxKey_Shift_L, KeyStates(KeyState::Shift), 50), true);
        }
    }

    void typeText(const std::string &keys) {
        for (char c : keys) {
            type(strokeFor(c));
        }
    }

    static Stroke strokeFor(char c) {
        // Enough of a US keyboard for the scenarios below; the corpus brings its own strokes.
        static const std::string rows[] = {"qwertyuiop", "asdfghjkl", "zxcvbnm"};
        static const int first[] = {16, 30, 44};
        for (int row = 0; row < 3; ++row) {
            auto at = rows[row].find(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
            if (at != std::string::npos) {
                return {static_cast<uint32_t>(c), first[row] + static_cast<int>(at), std::isupper(c) != 0};
            }
        }
        return {static_cast<uint32_t>(c), c == ' ' ? 57 : 0, false};
    }

    std::string preedit() const {
        auto &panel = ic_->inputPanel();
        return panel.clientPreedit().toString() + panel.preedit().toString();
    }

    int commits() const { return commits_; }
    AddonInstance *frontend() const { return frontend_; }
    Instance *instance() const { return instance_; }
    InputContext *ic() const { return ic_; }

private:
    Instance *instance_;
    AddonInstance *frontend_ = nullptr;
    std::unique_ptr<HandlerTableEntry<EventHandler>> watcher_;
    ICUUID uuid_{};
    InputContext *ic_ = nullptr;
    Field *field_ = nullptr;
    int commits_ = 0;
};

void runCorpus(Harness &harness, const std::vector<Case> &cases, const std::string &label) {
    int mismatches = 0;
    std::string firstMismatch;
    for (size_t index = 0; index < cases.size(); ++index) {
        Field field;
        harness.open(field);
        for (const auto &stroke : cases[index].keys) {
            harness.type(stroke);
        }
        // The end of the line: focus leaves the field, which commits what is still composed.
        harness.ic()->focusOut();
        harness.close();
        if (field.text != cases[index].expected) {
            if (mismatches++ == 0) {
                firstMismatch = "line " + std::to_string(index + 1) + ": got " + show(field.text) +
                                ", hangul-compose typed " + show(cases[index].expected);
            }
        }
    }
    check(mismatches == 0, label + ": " + std::to_string(cases.size()) + " lines type what hangul-compose types",
          std::to_string(mismatches) + " lines differ; first, " + firstMismatch);
}

/// The candidate list's own interfaces, as fcitx5's panels call them: cursor movement, paging and a
/// click each go to the daemon, and the list shown is always the page it reports.
void runCandidates(Harness &harness) {
    Field field;
    harness.open(field, CapabilityFlag::Preedit);
    harness.typeText("gks");
    Key f9(FcitxKey_F9, KeyStates(), 75);
    bool handled = harness.send(f9, false);
    harness.send(f9, true);
    auto list = harness.ic()->inputPanel().candidateList();
    check(handled && list && list->size() == 9 && list->cursorIndex() == 0 &&
              list->layoutHint() == CandidateLayoutHint::Vertical && list->label(0).toString() == "1. " &&
              list->label(8).toString() == "9. " && list->toPageable() && !list->toPageable()->hasPrev() &&
              list->toPageable()->hasNext(),
          "한 then F9: a vertical list of nine labelled 1. to 9., the first highlighted, a next page",
          list ? "size " + std::to_string(list->size()) + ", cursor " + std::to_string(list->cursorIndex())
               : std::string("no list"));
    if (!list || !list->toPageable() || !list->toCursorMovable()) {
        harness.close();
        return;
    }
    const std::string first = list->candidate(0).text().toString();
    list->toCursorMovable()->nextCandidate();
    list = harness.ic()->inputPanel().candidateList();
    const int afterNext = list ? list->cursorIndex() : -1;
    if (list) {
        list->toCursorMovable()->prevCandidate();
    }
    list = harness.ic()->inputPanel().candidateList();
    check(afterNext == 1 && list && list->cursorIndex() == 0,
          "nextCandidate and prevCandidate move the highlight through the daemon",
          "cursor " + std::to_string(afterNext) + " then " + std::to_string(list ? list->cursorIndex() : -1));
    if (list) {
        list->toPageable()->next();
    }
    list = harness.ic()->inputPanel().candidateList();
    const bool paged = list && list->toPageable()->currentPage() == 1 && list->toPageable()->hasPrev() &&
                       list->candidate(0).text().toString() != first;
    if (list) {
        list->toPageable()->setPage(0);
    }
    list = harness.ic()->inputPanel().candidateList();
    check(paged && list && list->toPageable()->currentPage() == 0 && list->candidate(0).text().toString() == first,
          "next() shows the daemon's second page and setPage(0) the first again",
          "paged " + std::to_string(paged) + ", first now " +
              (list ? show(list->candidate(0).text().toString()) : std::string("no list")));
    if (!list) {
        harness.close();
        return;
    }
    // The text of a candidate is its hanja, a space and its meaning; the click commits the hanja.
    const std::string second = list->candidate(1).text().toString();
    const std::string value = second.substr(0, second.find(' '));
    list->candidate(1).select(harness.ic());
    check(field.text == value && harness.preedit().empty() && !harness.ic()->inputPanel().candidateList(),
          "a click on the second candidate (CandidateWord::select) commits its hanja and closes the list",
          "field " + show(field.text) + ", candidate " + show(second));
    harness.ic()->focusOut();
    harness.close();
}

void runScenarios(Harness &harness) {
    auto *frontend = harness.frontend();
    {
        // Focus out mid-syllable, panel preedit (no Preedit capability): we commit it, once.
        Field field;
        harness.open(field);
        harness.typeText("gks");
        check(harness.preedit() == "한", "panel preedit shows the syllable", "preedit " + show(harness.preedit()));
        frontend->call<ITestFrontend::pushCommitExpectation>("한");
        harness.ic()->focusOut();
        check(field.text == "한" && harness.commits() == 1, "focus out with a panel preedit commits it once",
              "field " + show(field.text) + ", " + std::to_string(harness.commits()) + " commits");
        harness.close();
    }
    {
        // Focus out mid-syllable, client preedit: fcitx5 commits it itself; we must not commit again.
        Field field;
        harness.open(field, CapabilityFlag::Preedit);
        frontend->call<ITestFrontend::pushCommitExpectation>("안");
        harness.typeText("dkssud");
        check(harness.ic()->inputPanel().clientPreedit().toString() == "녕", "client preedit shows the syllable",
              "client preedit " + show(harness.ic()->inputPanel().clientPreedit().toString()));
        frontend->call<ITestFrontend::pushCommitExpectation>("녕");
        harness.ic()->focusOut();
        check(field.text == "안녕" && harness.commits() == 2,
              "focus out with a client preedit commits it once (fcitx5's commit, not ours too)",
              "field " + show(field.text) + ", " + std::to_string(harness.commits()) + " commits");
        // Focus back in and type on: the session is still there and composes.
        harness.ic()->focusIn();
        frontend->call<ITestFrontend::pushCommitExpectation>("하");
        harness.typeText("gk");
        harness.ic()->focusOut();
        check(field.text == "안녕하", "typing after focus in composes again", "field " + show(field.text));
        harness.close();
    }
    {
        // BackSpace takes back one jamo at a time, then reaches the application.
        Field field;
        harness.open(field);
        harness.typeText("gks");
        bool first = harness.send(Key(FcitxKey_BackSpace, KeyStates(), 22), false);
        harness.send(Key(FcitxKey_BackSpace, KeyStates(), 22), true);
        check(first && harness.preedit() == "하", "BackSpace removes the final", "preedit " + show(harness.preedit()));
        frontend->call<ITestFrontend::pushCommitExpectation>("학");
        harness.typeText("r");
        harness.ic()->focusOut();
        harness.ic()->focusIn();
        bool empty = harness.send(Key(FcitxKey_BackSpace, KeyStates(), 22), false);
        harness.send(Key(FcitxKey_BackSpace, KeyStates(), 22), true);
        check(!empty && field.text.empty(), "BackSpace without a preedit reaches the application",
              "handled " + std::to_string(empty) + ", field " + show(field.text));
        harness.close();
    }
    {
        // Shift+space toggles to Latin (keys reach the application) and back.
        Field field;
        harness.open(field);
        frontend->call<ITestFrontend::pushCommitExpectation>("한");
        harness.typeText("gks");
        Key shiftSpace(FcitxKey_space, KeyStates(KeyState::Shift), 65);
        bool toggled = harness.send(shiftSpace, false);
        harness.send(shiftSpace, true);
        auto *engine = harness.ic()
                           ? dynamic_cast<InputMethodEngineV2 *>(harness.instance()->inputMethodEngine(harness.ic()))
                           : nullptr;
        const auto *entry = harness.instance()->inputMethodEntry(harness.ic());
        std::string label = engine && entry ? engine->subModeLabel(*entry, *harness.ic()) : "?";
        check(toggled && field.text == "한" && label == "A", "Shift+space commits and switches to Latin (label A)",
              "field " + show(field.text) + ", label " + show(label));
        harness.typeText("dkssud");
        check(field.text == "한dkssud" && harness.preedit().empty(), "Latin mode passes keys to the application",
              "field " + show(field.text));
        harness.send(shiftSpace, false);
        harness.send(shiftSpace, true);
        label = engine && entry ? engine->subModeLabel(*entry, *harness.ic()) : "?";
        harness.typeText("rk");
        check(harness.preedit() == "가" && label == "한", "Shift+space again composes Hangul (label 한)",
              "preedit " + show(harness.preedit()) + ", label " + show(label));
        // The status-area button (tray menu) toggles too, committing what is composed.
        auto *button = harness.instance()->userInterfaceManager().lookupAction("hanguld-mode");
        frontend->call<ITestFrontend::pushCommitExpectation>("가");
        std::string before = button ? button->shortText(harness.ic()) : "?";
        if (button) {
            button->activate(harness.ic());
        }
        std::string after = button ? button->shortText(harness.ic()) : "?";
        check(before == "한 (Hangul)" && after == "A (Latin)" && field.text == "한dkssud가",
              "the status-area button commits and switches to Latin",
              "button " + show(before) + " then " + show(after) + ", field " + show(field.text));
        if (button) {
            button->activate(harness.ic());
        }
        harness.ic()->focusOut();
        harness.close();
    }
    {
        // A password field composes nothing: every key reaches the application.
        Field field;
        harness.open(field, CapabilityFlag::Password);
        harness.typeText("dkssud");
        check(field.text == "dkssud" && harness.preedit().empty(), "a password field passes every key through",
              "field " + show(field.text) + ", preedit " + show(harness.preedit()));
        // The field stops being a password field: composing resumes.
        harness.ic()->setCapabilityFlags(CapabilityFlags());
        harness.typeText("rk");
        check(harness.preedit() == "가", "leaving the password purpose composes again",
              "preedit " + show(harness.preedit()));
        frontend->call<ITestFrontend::pushCommitExpectation>("가");
        harness.ic()->focusOut();
        harness.close();
    }
    {
        // A shortcut mid-syllable: the syllable is committed first, then the shortcut reaches the app.
        Field field;
        harness.open(field);
        harness.typeText("gks");
        frontend->call<ITestFrontend::pushCommitExpectation>("한");
        Key controlC(FcitxKey_c, KeyStates(KeyState::Ctrl), 54);
        bool handled = harness.send(controlC, false);
        harness.send(controlC, true);
        check(!handled && field.text == "한" && harness.preedit().empty(),
              "Control+c mid-syllable commits the syllable and passes the shortcut",
              "handled " + std::to_string(handled) + ", field " + show(field.text));
        harness.close();
    }
    {
        // A key with neither keysym nor keycode (what Xlib sends an XIM server back for a commit it
        // took for a key; src/ximorder.h) goes back untouched and leaves the syllable composing.
        Field field;
        harness.open(field);
        harness.typeText("gk");
        const Key none(FcitxKey_None, KeyStates(), 0);
        const bool handled = harness.send(none, false) || harness.send(none, true);
        harness.typeText("s");
        check(!handled && field.text.empty() && harness.preedit() == "한",
              "a key with no keysym and no keycode passes through and the syllable goes on",
              "handled " + std::to_string(handled) + ", field " + show(field.text) + ", preedit " +
                  show(harness.preedit()));
        harness.close();
    }
}

/// Types every case's keys into one input context per input method, alternating which goes first, and
/// times each press through InputContext::keyEvent: no IPC on fcitx5's side, so this compares our
/// socket round trip to hanguld with fcitx5-hangul's function call into libhangul.
void runBench(Instance &instance, const std::vector<Case> &cases) {
    // Strict KS X 5002 on our side too, as fcitx5-hangul (libhangul) has it: the daemon's settings
    // file says so (testfrontend.py writes it).
    Harness harness(&instance);
    std::map<std::string, std::vector<double>> presses;
    std::map<std::string, std::string> texts;
    const std::vector<std::string> names = {"hanguld", "hangul"};
    for (int round = 0; round < 3; ++round) {
        for (size_t index = 0; index < cases.size(); ++index) {
            for (size_t turn = 0; turn < names.size(); ++turn) {
                const auto &name = names[(index + turn) % names.size()];
                Field field;
                // Client preedit, as GTK and Qt have it: fcitx5 commits it on focus out for both.
                harness.open(field, CapabilityFlag::Preedit);
                instance.setCurrentInputMethod(harness.ic(), name, true);
                for (const auto &stroke : cases[index].keys) {
                    if (stroke.shift) {
                        harness.send(Key(FcitxKey_Shift_L, KeyStates(), 50), false);
                    }
                    Key key(static_cast<KeySym>(stroke.keysym), stroke.shift ? KeyStates(KeyState::Shift) : KeyStates(),
                            stroke.evdev + 8);
                    auto start = std::chrono::steady_clock::now();
                    harness.send(key, false);
                    auto took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                    if (round > 0) { // the first round warms up: connections, libhangul's tables
                        presses[name].push_back(took);
                    }
                    harness.send(key, true);
                    if (stroke.shift) {
                        harness.send(Key(FcitxKey_Shift_L, KeyStates(KeyState::Shift), 50), true);
                    }
                }
                harness.ic()->focusOut();
                harness.close();
                texts[name] += field.text + "\n";
            }
        }
    }
    if (texts["hanguld"] != texts["hangul"]) {
        const auto &a = texts["hanguld"];
        const auto &b = texts["hangul"];
        check(false, "in-process bench",
              "the two input methods typed different text: ours begin " + show(a.substr(0, a.find('\n'))) +
                  ", fcitx5-hangul's " + show(b.substr(0, b.find('\n'))));
        return;
    }
    auto percentile = [](std::vector<double> values, double fraction) {
        std::sort(values.begin(), values.end());
        return values[std::min(values.size() - 1, static_cast<size_t>(fraction * static_cast<double>(values.size())))];
    };
    auto row = [](const std::string &figure, double ours, double theirs) {
        char line[256];
        std::snprintf(line, sizeof(line), "| %s | %.1f µs | fcitx5-hangul %.1f µs | %.2f× | — | — |", figure.c_str(),
                      ours * 1e6, theirs * 1e6, ours / theirs);
        std::cout << line << "\n";
    };
    const auto &ours = presses["hanguld"];
    const auto &theirs = presses["hangul"];
    row("fcitx5 key press in process (testfrontend, no IPC: a socket round trip against a function call), p50 (" +
            std::to_string(ours.size()) + " presses)",
        percentile(ours, 0.5), percentile(theirs, 0.5));
    row("fcitx5 key press in process (testfrontend), p99", percentile(ours, 0.99), percentile(theirs, 0.99));
}

} // namespace

static int run(int argc, char *argv[]) {
    const bool bench = argc == 3 && std::string(argv[1]) == "--bench";
    // --word: the daemon's settings file says commit-unit = "word" and the cases' texts are
    // hangul-compose's in word mode; only the corpus runs, since the scenarios expect syllables.
    const bool word = argc == 3 && std::string(argv[1]) == "--word";
    if (argc != 2 && !bench && !word) {
        std::cerr << "usage: testhanguld [--bench|--word] CASES.json\n";
        return 64;
    }
    const char *casesPath = argv[argc - 1];
    std::ifstream input(casesPath);
    nlohmann::json document = nlohmann::json::parse(input, nullptr, false);
    if (document.is_discarded() || !document.is_array()) {
        std::cerr << "testhanguld: " << casesPath << " is not a JSON array of cases\n";
        return 64;
    }
    std::vector<Case> cases;
    try {
        for (const auto &item : document) {
            Case c;
            c.expected = item.at("expected").get<std::string>();
            for (const auto &key : item.at("keys")) {
                c.keys.push_back({key.at(0).get<uint32_t>(), key.at(1).get<int>(), key.at(2).get<bool>()});
            }
            cases.push_back(std::move(c));
        }
    } catch (const nlohmann::json::exception &error) {
        // A malformed case is the file's fault, not a crash: say so and which file to remake.
        std::cerr << "testhanguld: " << casesPath << " has a malformed case (" << error.what()
                  << "); contrib/fcitx5/tests/testfrontend.py writes the cases file\n";
        return 64;
    }

    // fcitx5-hangul (for --bench) is found where Debian installs it.
    setupTestingEnvironment(TEST_BINARY_DIR, {TEST_BINARY_DIR},
                            {TEST_BINARY_DIR "/data/fcitx5", "/usr/share/fcitx5/testing", "/usr/share/fcitx5"});
    fcitx::Log::setLogRule("default=3");
    char arg0[] = "testhanguld";
    char arg1[] = "--disable=all";
    char arg2[] = "--enable=testim,testfrontend,hanguld";
    char arg2bench[] = "--enable=testim,testfrontend,hanguld,hangul";
    char *instanceArgv[] = {arg0, arg1, bench ? arg2bench : arg2};
    Instance instance(3, instanceArgv);
    instance.addonManager().registerDefaultLoader(nullptr);
    EventDispatcher dispatcher;
    dispatcher.attach(&instance.eventLoop());
    dispatcher.schedule([&]() {
        auto *addon = instance.addonManager().addon("hanguld", true);
        check(addon != nullptr, "the hanguld addon loads", "addonManager().addon(\"hanguld\") is null");
        if (addon) {
            auto group = instance.inputMethodManager().currentGroup();
            group.inputMethodList().clear();
            group.inputMethodList().push_back(InputMethodGroupItem("hanguld"));
            if (bench) {
                group.inputMethodList().push_back(InputMethodGroupItem("hangul"));
            }
            group.setDefaultInputMethod("");
            instance.inputMethodManager().setGroup(group);
            if (bench) {
                runBench(instance, cases);
            } else {
                Harness harness(&instance);
                if (word) {
                    runCorpus(harness, cases, "word-commit mode, corpus and corpus with typos");
                } else {
                    runCorpus(harness, cases, "corpus");
                    runCandidates(harness);
                    runScenarios(harness);
                }
            }
        }
        instance.exit();
    });
    instance.exec();
    if (bench) {
        return failed == 0 ? 0 : 1;
    }
    std::cout << passed << " passed, " << failed << " failed\n";
    return failed == 0 ? 0 : 1;
}

int main(int argc, char *argv[]) {
    // What fcitx5 or the JSON library throws is a failed run with its message, not an abort.
    try {
        return run(argc, argv);
    } catch (const std::exception &error) {
        std::cerr << "testhanguld: " << error.what() << "\n";
    } catch (...) {
        std::cerr << "testhanguld: an exception that is not a std::exception\n";
    }
    return 1;
}
