// The user's options, kept by fcitx5 (conf/hanguld.conf, editable in fcitx5-configtool) and sent to
// the daemon with set_options on every connection: a daemon session starts with the protocol's
// defaults, so after a daemon restart the options must be sent again (PROTOCOL.md section 8).
#pragma once

#include <fcitx-config/configuration.h>
#include <fcitx-config/option.h>
#include <fcitx-utils/key.h>

namespace hanguld {

FCITX_CONFIGURATION(
    HangulDaemonConfig,
    fcitx::Option<std::string> layout{this, "Layout",
                                      "Keyboard layout id (2, 2y, 32, 39, 3f, 3s, 3y, ro, ahn or a user layout)",
                                      "2"};
    fcitx::Option<bool> autoReorder{this, "AutoReorder", "Compose a vowel typed before its initial (auto-reorder)",
                                    false};
    fcitx::Option<bool> combiOnDoubleStroke{this, "CombiOnDoubleStroke",
                                            "A consonant typed twice doubles (combi-on-double-stroke)", false};
    fcitx::Option<bool> nonChoseongCombi{this, "NonChoseongCombi",
                                         "Show final-only clusters combined before a vowel (non-choseong-combi)",
                                         true};
    fcitx::Option<bool> extendedVowels{this, "ExtendedVowels", "ㅘ+ㅣ gives ㅙ and ㅝ+ㅣ gives ㅞ (extended-vowels)",
                                       true};
    fcitx::KeyListOption toggleKeys{this,
                                    "ToggleKeys",
                                    "Keys that switch between Hangul and Latin",
                                    {fcitx::Key("Hangul"), fcitx::Key("Shift+space")},
                                    fcitx::KeyListConstrain({fcitx::KeyConstrainFlag::AllowModifierLess,
                                                             fcitx::KeyConstrainFlag::AllowModifierOnly})};
    fcitx::Option<bool> escapeToLatin{this, "EscapeToLatin", "Escape also switches to Latin (for Vim)", false};);

} // namespace hanguld
