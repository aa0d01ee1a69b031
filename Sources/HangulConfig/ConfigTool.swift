import HangulCore
import HangulProtocol

/// What `hangulctl config …` does, apart from argument parsing and printing: each command returns
/// the lines for standard output and standard error and the exit status, so tests call it directly.
public struct ConfigTool: Sendable {
    /// What a command printed and how it ended.
    public struct Outcome: Sendable, Equatable {
        public var output: String = ""
        public var errors: String = ""
        /// 0 done, 1 the file has problems (or could not be written).
        public var status: Int32 = 0

        public init(output: String = "", errors: String = "", status: Int32 = 0) {
            self.output = output
            self.errors = errors
            self.status = status
        }
    }

    /// The layouts `layout` may name.
    public var layouts: LayoutCatalog

    public init(layouts: LayoutCatalog) { self.layouts = layouts }

    /// `config check`: whether the file would be accepted, every problem with its line.
    ///
    /// - Parameter explicit: Whether the user named the file; a missing default file only means
    ///   the defaults apply, a missing named file is an error.
    public func check(path: String, explicit: Bool) -> Outcome {
        do throws(ConfigError) {
            guard let text = try ConfigFile.read(path) else {
                if explicit { return Outcome(errors: "\(path): no such file\n", status: 1) }
                return Outcome(output: "\(path): no settings file; the defaults apply\n")
            }
            _ = try Settings.parse(text, source: path, layouts: layouts)
            return Outcome(output: "\(path): ok\n")
        } catch {
            return Outcome(errors: error.description + "\n", status: 1)
        }
    }

    /// `config get [KEY]`: one key's value in the form `set` takes, or every key as TOML lines, or
    /// with `json` every key as one line of JSON (``Settings/json``).
    public func get(_ key: SettingKey?, path: String, json: Bool = false) -> Outcome {
        do throws(ConfigError) {
            let settings = try ConfigFile.load(path, layouts: layouts)
            if json { return Outcome(output: settings.json + "\n") }
            guard let key else { return Outcome(output: settings.tomlLines) }
            return Outcome(output: settings.plainValue(of: key) + "\n")
        } catch {
            return Outcome(errors: error.description + "\n", status: 1)
        }
    }

    /// `config list`: every key the file takes, from the option table: its type, whether each
    /// session has it or the daemon as a whole, its default, the values it takes (layouts from this
    /// tool's catalog) and what it does, in English and Korean. With `json`, exactly the result of
    /// the protocol's `list_options` (PROTOCOL.md section 6.16), one line.
    public func list(json: Bool = false) -> Outcome {
        let list = OptionListResult(layouts: layouts)
        if json {
            var writer = JSONWriter(capacity: 4096)
            list.write(to: &writer)
            return Outcome(output: String(decoding: writer.bytes, as: UTF8.self) + "\n")
        }
        var output = ""
        for entry in list.entries {
            let scope = entry.scope == "session" ? "" : ", daemon-wide"
            output += "\(entry.name) (\(entry.type)\(scope)), default \(entry.defaultValue.serializedText)\n"
            output += "    \(entry.description)\n    \(entry.koreanDescription)\n"
            if !entry.values.isEmpty {
                output += "    values: "
                output += entry.values.map { "\($0.word) (\($0.name), \($0.koreanName))" }.joined(separator: ", ")
                output += "\n"
            }
        }
        return Outcome(output: output)
    }

    /// `config set KEY VALUE`: edits the file in place, comments kept, atomically; creates it when
    /// missing. Nothing is written unless the result is a file the parser accepts. Read, edit and
    /// write happen under the file's edit lock (``ConfigFile/editing(_:owner:_:)``).
    public func set(_ key: SettingKey, to value: String, path: String) -> Outcome {
        do throws(ConfigError) {
            try ConfigFile.editing(path) { () throws(ConfigError) in
                let text = try ConfigFile.read(path) ?? ""
                let edited = try ConfigEditor.setting(key, to: value, in: text, source: path, layouts: layouts)
                if edited != text { try ConfigFile.write(edited, to: path) }
            }
            return Outcome()
        } catch {
            return Outcome(errors: "not changed:\n" + error.description + "\n", status: 1)
        }
    }

    /// `config unset KEY`: removes the key from the file, so it takes its default; comments
    /// elsewhere kept, written atomically, nothing written unless the parser accepts the result.
    public func unset(_ key: SettingKey, path: String) -> Outcome {
        do throws(ConfigError) {
            guard try ConfigFile.read(path) != nil else { return Outcome() }
            try ConfigFile.editing(path) { () throws(ConfigError) in
                guard let text = try ConfigFile.read(path) else { return }
                let edited = try ConfigEditor.removing(key, from: text, source: path, layouts: layouts)
                if edited != text { try ConfigFile.write(edited, to: path) }
            }
            return Outcome()
        } catch {
            return Outcome(errors: "not changed:\n" + error.description + "\n", status: 1)
        }
    }
}
