import Foundation

/// `scripts/embed-layouts`' generator: compiled together with HangulCore's sources (so it reaches
/// the parser and ``BuiltInLayoutSource`` as HangulCore's own code does) and run from the
/// repository's root. Parses every `layouts/*.layout` and writes `Sources/HangulCore/BuiltInLayouts.swift`,
/// or with `--check` only says whether that file is current.
@main
struct EmbedLayouts {
    static func main() throws {
        let check = CommandLine.arguments.dropFirst().first == "--check"
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: "layouts") where name.hasSuffix(".layout") {
            files[name] = try String(contentsOfFile: "layouts/" + name, encoding: .utf8)
        }
        var layouts: [(name: String, layout: Layout)] = []
        for (name, text) in BuiltInLayoutSource.ordered(files) {
            do {
                layouts.append((name, try LayoutFile.parse(text, source: "layouts/" + name)))
            } catch {
                FileHandle.standardError.write(Data("embed-layouts: \(error); fix the file and run again\n".utf8))
                exit(1)
            }
        }
        let source = BuiltInLayoutSource.render(layouts)
        let target = "Sources/HangulCore/BuiltInLayouts.swift"
        if check {
            guard (try? String(contentsOfFile: target, encoding: .utf8)) == source else {
                FileHandle.standardError.write(
                    Data("embed-layouts: \(target) is out of date: run scripts/embed-layouts\n".utf8))
                exit(1)
            }
            return
        }
        try source.write(toFile: target, atomically: true, encoding: .utf8)
    }
}
