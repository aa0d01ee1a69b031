// What fcitx5's configuration page for the addon shows and writes, without fcitx: the daemon's
// account of its settings (which options exist, their types and allowed values, the values in
// force, the settings file and its problems), and writing a change through `hangulctl config set`,
// the one tool that edits the settings file (it keeps the file's comments, checks the value as the
// daemon would, and has the running daemon reload, so open fields follow). The addon keeps no copy.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace hanguld {

class DaemonStarter;

/// One reading of the settings, as the daemon gives it.
struct SettingsSnapshot {
    nlohmann::json options = nlohmann::json::array(); ///< list_options' entries (PROTOCOL.md 6.16)
    nlohmann::json values = nlohmann::json::object(); ///< option name → value, in the daemon's notation
    std::string configFile;                           ///< the file the daemon reads; empty when it reads none
    std::string socketPath;                           ///< the daemon that answered
    /// The daemon's verdict on the file as it is now (`file:line: reason` each); empty when accepted.
    std::vector<std::string> problems;
    /// Why the settings could not be read or not all of them (no daemon, no hangulctl): shown on the page.
    std::vector<std::string> notes;
    bool readable = false; ///< options and values were read
};

/// Where the page reads and writes. `hangulctl` is the configured path (beside the installed
/// hanguld), else the first on PATH.
class SettingsChannel {
public:
    SettingsChannel(std::string hangulctl, DaemonStarter &starter)
        : hangulctl_(std::move(hangulctl)), starter_(starter) {}

    /// Asks the daemon (started when none runs, as for typing): `reload`, so the verdict on the file
    /// is about the file as it is now, then `status` (its file and problems), `list_options`, and
    /// `get_options` for the values. Settings the daemon keeps no session value of (`start-mode`,
    /// `mode-scope`: scope "daemon") are read from the daemon's file with `hangulctl config get`.
    SettingsSnapshot read();

    /// `hangulctl config set --file FILE --socket SOCKET NAME VALUE`; empty on success, else what
    /// hangulctl said (the file is then unchanged).
    std::string write(const SettingsSnapshot &where, const std::string &name, const std::string &value) const;

    /// The hangulctl that read and write run; empty when there is none.
    std::string hangulctl() const;

private:
    std::string hangulctl_;
    DaemonStarter &starter_;
};

/// Runs `argv` with no standard input, collecting its standard output and error, for at most
/// `limit` (then it is killed). Returns its exit status, or -1 when it could not be run or was killed.
int runProgram(const std::vector<std::string> &argv, std::chrono::milliseconds limit, std::string &output);

} // namespace hanguld
