#include "contract.h"

namespace hanguld {

const char *modeName(Mode mode) { return mode == Mode::Latin ? "latin" : "hangul"; }

bool parseMode(const std::string &name, Mode &mode) {
    if (name == "hangul") {
        mode = Mode::Hangul;
        return true;
    }
    if (name == "latin") {
        mode = Mode::Latin;
        return true;
    }
    return false;
}

Mode shownMode(bool connected, Mode mode) { return connected ? mode : Mode::Latin; }

void appendToLastCommit(std::vector<Effect> &effects, const std::string &text) {
    for (auto effect = effects.rbegin(); effect != effects.rend(); ++effect) {
        if (effect->kind == Effect::Kind::Commit) {
            effect->text += text;
            return;
        }
    }
    effects.push_back(Effect::commit(text));
}

std::vector<Effect> FrontendContract::apply(const StateReply &reply) {
    std::vector<Effect> effects;
    if (!reply.commit.empty() || reply.deleteBefore > 0) {
        if (!shownPreedit_.empty()) {
            effects.push_back(Effect::preedit(""));
            shownPreedit_.clear();
        }
        if (reply.deleteBefore > 0) {
            effects.push_back(Effect::deleteBefore(reply.deleteBefore));
        }
        if (!reply.commit.empty()) {
            effects.push_back(Effect::commit(reply.commit));
        }
    }
    if (reply.preedit != shownPreedit_) {
        effects.push_back(Effect::preedit(reply.preedit));
        shownPreedit_ = reply.preedit;
    }
    switch (reply.candidates) {
    case StateReply::Candidates::Absent:
        break;
    case StateReply::Candidates::Closed:
        for (auto &effect : hideCandidates()) {
            effects.push_back(std::move(effect));
        }
        break;
    case StateReply::Candidates::Open:
        // A release while the list is open repeats the page unchanged: nothing to redraw.
        if (!candidatesShown_ || reply.page != shownCandidates_) {
            candidatesShown_ = true;
            shownCandidates_ = reply.page;
            effects.push_back(Effect::showCandidates(reply.page));
        }
        break;
    }
    if (reply.hasMode && reply.mode != mode_) {
        mode_ = reply.mode;
        effects.push_back(Effect::modeShown(mode_));
    }
    return effects;
}

std::vector<Effect> FrontendContract::failOpen() {
    std::vector<Effect> effects;
    if (!shownPreedit_.empty()) {
        effects.push_back(Effect::preedit(""));
        effects.push_back(Effect::commit(shownPreedit_));
        shownPreedit_.clear();
    }
    for (auto &effect : hideCandidates()) {
        effects.push_back(std::move(effect));
    }
    return effects;
}

std::vector<Effect> FrontendContract::hideCandidates() {
    if (!candidatesShown_) {
        return {};
    }
    candidatesShown_ = false;
    shownCandidates_ = CandidatePage();
    return {Effect::hideCandidates()};
}

KeyOutcome FrontendContract::key(const StateReply *reply) {
    if (!reply) {
        return {failOpen(), false};
    }
    return {apply(*reply), reply->handled};
}

bool KeyEvent::make(uint32_t keysym, uint32_t keycode, uint32_t modifiers, bool release, KeyEvent &event) {
    if (keysym > 0x1FFFFFFFu) {
        return false;
    }
    event.keysym = keysym;
    event.keycode = keycode >= 8 && keycode <= 65535 ? keycode : 0;
    event.modifiers = modifiers;
    event.release = release;
    return true;
}

} // namespace hanguld
