#include "hanjacandidates.h"

#include <fcitx-utils/key.h>
#include <fcitx-utils/keysym.h>
#include <fcitx/text.h>

#include "engine.h"

namespace hanguld {

namespace {

fcitx::Text candidateText(const std::string &value, const std::string &meaning) {
    fcitx::Text text(value);
    if (!meaning.empty()) {
        text.append(" " + meaning);
    }
    return text;
}

} // namespace

HanjaCandidate::HanjaCandidate(HangulDaemonEngine *engine, int index, const std::string &value,
                               const std::string &meaning)
    : fcitx::CandidateWord(candidateText(value, meaning)), engine_(engine), index_(index) {}

void HanjaCandidate::select(fcitx::InputContext *ic) const {
    // The reply replaces the input panel's list, and with it this candidate: nothing of `this` may be
    // read after the call.
    HangulDaemonEngine *engine = engine_;
    const int index = index_;
    engine->selectCandidate(ic, index);
}

HanjaCandidateList::HanjaCandidateList(HangulDaemonEngine *engine, fcitx::InputContext *ic, int start, int total)
    : engine_(engine), ic_(ic), start_(start), total_(total) {
    setPageSize(candidatePageSize);
    setLayoutHint(fcitx::CandidateLayoutHint::Vertical);
    fcitx::KeyList digits;
    for (char digit = '1'; digit <= '9'; ++digit) {
        digits.emplace_back(static_cast<fcitx::KeySym>(digit));
    }
    setSelectionKey(digits); // labels "1. " … "9. ", as the digits pick
}

// Each of these may replace this list (the reply carries the next page): only locals after the call.
void HanjaCandidateList::prev() {
    HangulDaemonEngine *engine = engine_;
    fcitx::InputContext *ic = ic_;
    engine->moveInCandidates(ic, FcitxKey_Page_Up);
}

void HanjaCandidateList::next() {
    usedNext_ = true;
    HangulDaemonEngine *engine = engine_;
    fcitx::InputContext *ic = ic_;
    engine->moveInCandidates(ic, FcitxKey_Page_Down);
}

void HanjaCandidateList::setPage(int page) {
    // Page_Down and Page_Up move the highlight nine candidates, so the page follows one step a time.
    HangulDaemonEngine *engine = engine_;
    fcitx::InputContext *ic = ic_;
    const int steps = page - currentPage();
    const fcitx::KeySym key = steps > 0 ? FcitxKey_Page_Down : FcitxKey_Page_Up;
    for (int step = 0; step < (steps > 0 ? steps : -steps); ++step) {
        engine->moveInCandidates(ic, key);
    }
}

void HanjaCandidateList::prevCandidate() {
    HangulDaemonEngine *engine = engine_;
    fcitx::InputContext *ic = ic_;
    engine->moveInCandidates(ic, FcitxKey_Up);
}

void HanjaCandidateList::nextCandidate() {
    HangulDaemonEngine *engine = engine_;
    fcitx::InputContext *ic = ic_;
    engine->moveInCandidates(ic, FcitxKey_Down);
}

} // namespace hanguld
