import ArgumentParser

/// Where the hanja key's dictionaries come from in this process, for `type --hanja WORD` and
/// `hanja WORD`: one declaration, so the two commands take the same options with the same help.
struct HanjaSourceArguments: ParsableArguments {
    @Option(
        name: .customLong("hanja-file"),
        help: ArgumentHelp(
            "Also read hanja from this file (key:value:meaning), after your own dictionary; repeatable.",
            valueName: "path"))
    var hanjaFiles: [String] = []

    @Flag(name: .customLong("no-system-hanja"), help: "Leave out libhangul's hanja.txt and mssymbol.txt.")
    var noSystemHanja = false
}
