// What XIM clients (xterm, Emacs, Java and Wine programs through fcitx5's `xim` frontend) need so
// that text and keys reach them in the order typed.
//
// Xlib, the client side of XIM, turns each commit and each key the server passes back into an
// event it pushes onto the FRONT of its queue (XPutBackEvent), and marks the next key as "already
// seen by the input method" with one flag per connection (libX11 modules/im/ximcp: imDefLkup.c
// `_XimCommitRecv`, `_XimForwardEventRecv`; imDefFlt.c `_XimProtoKeypressFilter`). When two such
// messages are read in one go, which happens whenever the client waits for a reply (xterm moves
// the input spot after every character it draws), the second is handled before the first, and the
// one flag is spent on the wrong event: a key passed back by the server is sent to it once more, or
// a real key goes to the application without the input method. So a key passed back after a commit
// (`한` then `1`) can land before it (`1한`), and keys go round twice. Commits alone keep their
// order: Xlib keeps their text in a first-in first-out list whatever order their events come in.
// Measured in contrib/testing/apps: fcitx5's xim_key log showed such keys arriving a second time,
// and text came out of order only in xterm and Emacs.
//
// Hence, for an XIM client in Hangul mode, the addon types every character key itself, in the
// same commit as the syllable it ends (one message per key, and no key passed back); and it never
// commits after the focus left (Xlib has stopped reading keys then, so the flag that commit sets
// is spent on the first key after the focus comes back, which then types a Latin letter): the
// syllable is held and committed when the field has the focus again.
#pragma once

#include <cstdint>
#include <string>

#include <fcitx-utils/key.h>
#include <fcitx/inputcontext.h>
#include <fcitx/instance.h>

struct xkb_state;

namespace hanguld {

/// Whether the context is an XIM client's (fcitx5's `xim` frontend).
bool isXimClient(const fcitx::InputContext *ic);

/// The text a key of an XIM client types, from the keymap fcitx5 reads the display with and the
/// event's OWN modifiers: fcitx5 5.0 computes `rawKey().sym()` from its xkb state of the display,
/// which can lag the event under load (Shift+' read as `'`; fixed in fcitx5 5.1.10, "xim: always use
/// the state from forwarded key event"). Empty for a key that types no printable character
/// (Return, BackSpace, F9), a shortcut (held with Control, Alt or Super), or when the keymap is
/// unknown (no `xcb` addon): the key is then passed back to the client as before.
class XimKeyText {
public:
    explicit XimKeyText(fcitx::Instance *instance) : instance_(instance) {}
    ~XimKeyText();
    XimKeyText(const XimKeyText &) = delete;
    XimKeyText &operator=(const XimKeyText &) = delete;

    std::string typedBy(fcitx::InputContext *ic, const fcitx::Key &raw);

private:
    fcitx::Instance *instance_;
    /// Ours, on the keymap of fcitx5's state (which it keeps alive, so a new keymap is never taken
    /// for the old one), updated with each event's modifiers.
    xkb_state *state_ = nullptr;
};

} // namespace hanguld
