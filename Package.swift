// swift-tools-version:6.1
import PackageDescription

/// How release builds link the programs: with lld, dropping every function nothing calls
/// (--gc-sections, each function having a section of its own: see the end of this file) and folding
/// identical functions into one (--icf=all; lld folds no data unless told to). lld rather than gold
/// for two more things. Relative relocations packed (`-z pack-relative-relocs`, DT_RELR, which
/// glibc applies since 2.36, Debian 12): the loader reads a bitmap of a few kilobytes at every start
/// where it read a table of 24 bytes a relocation, 465 KB in hangul-compose and 116 KB in hanguld,
/// pages that then stayed resident. And a link order (`order`, the directory of the two files
/// scripts/link-order writes: README, "Code laid out as it runs"): link-order.txt, the functions
/// and data by symbol name, and link-order.ld, a linker script for the switch tables a key reads,
/// which have no name of their own. `staticRuntime` links the Swift runtime and the C++ standard
/// library in.
func releaseLinking(staticRuntime: Bool = false, order: String? = nil) -> LinkerSetting {
    var flags = [
        "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--gc-sections", "-Xlinker",
        "--icf=all",
    ]
    if staticRuntime {
        // The C++ standard library linked in too: Sources/hangul-compose/static-libstdc++ says how.
        flags = ["-static-stdlib", "-L", "\(Context.packageDirectory)/Sources/hangul-compose/static-libstdc++"] + flags
    }
    if let order {
        // -O0: string literals stay in their files' sections, so that link-order.ld can put a key's
        // first (merged, lld placed them all in one section wherever a script named any of them).
        flags += [
            "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/\(order)/link-order.txt", "-Xlinker",
            "--no-warn-symbol-ordering", "-Xlinker", "--script=\(Context.packageDirectory)/\(order)/link-order.ld",
            "-Xlinker", "-O0",
        ]
    }
    return .unsafeFlags(flags, .when(configuration: .release))
}

// The module cut follows ../shared/ARCHITECTURE.md: HangulCore is pure Swift (no Foundation, no C),
// only HangulKeys touches libxkbcommon, the socket and system calls go through HangulSystem (the
// daemon's loop is its own epoll loop, measured against SwiftNIO's and kept for being leaner:
// README, Performance), and the executables are thin `@main` shells over the libraries.
let package = Package(
    name: "hangul",
    products: [
        .library(name: "HangulCore", targets: ["HangulCore"]),
        .library(name: "HangulKeys", targets: ["HangulKeys"]),
        .library(name: "HangulProtocol", targets: ["HangulProtocol"]),
        .library(name: "HangulClient", targets: ["HangulClient"]),
        .library(name: "HangulHanja", targets: ["HangulHanja"]),
        .library(name: "HangulWrongMode", targets: ["HangulWrongMode"]),
        .executable(name: "hangul-compose", targets: ["hangul-compose"]),
        .executable(name: "hangul-compose-cli", targets: ["hangul-compose-cli"]),
        .executable(name: "hanguld", targets: ["hanguld"]),
        .executable(name: "hanguld-cli", targets: ["hanguld-cli"]),
        .executable(name: "hangulctl", targets: ["hangulctl"]),
        .library(name: "HangulConfig", targets: ["HangulConfig"]),
        // The POSIX layer, for the nested packages too (the IBus engine, the harnesses): one place for
        // sockaddr_un, EINTR, spawning and waiting.
        .library(name: "HangulSystem", targets: ["HangulSystem"]),
        // Test support for the nested harness packages (Differential/, Fuzz/, Benchmarks/): layouts
        // spelled backwards, a seeded generator, random strokes and the output laws. Not part of
        // the engine.
        .library(name: "HangulCoreTesting", targets: ["HangulCoreTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .target(name: "HangulCore"),
        .systemLibrary(
            name: "CXKBCommon",
            pkgConfig: "xkbcommon",
            providers: [.apt(["libxkbcommon-dev"])]
        ),
        .target(name: "HangulKeys", dependencies: ["HangulCore", "HangulHanja", "CXKBCommon"]),
        .target(name: "HangulProtocol", dependencies: ["HangulCore", "HangulKeys", "HangulHanja"]),
        .target(
            name: "HangulLayoutFiles",
            dependencies: ["HangulCore", "HangulSystem", .product(name: "SystemPackage", package: "swift-system")]
        ),
        // The POSIX plumbing every executable and library shares, on swift-system: Unix socket
        // addresses and connections, file status, EINTR-safe reads and waits, atomic file
        // replacement, the lock file, signals, starting and reaping child processes, inotify, the
        // descriptor limit, epoll.
        .target(
            name: "HangulSystem",
            dependencies: ["CGNUShims", .product(name: "SystemPackage", package: "swift-system")]
        ),
        // Hanja and symbol dictionaries (libhangul's format, read at run time): parsing and lookup on
        // bytes, pure Swift; its small file loader reads through swift-system, no Foundation, and its
        // index cache maps files through HangulSystem.
        .target(
            name: "HangulHanja",
            dependencies: ["HangulCore", "HangulSystem", .product(name: "SystemPackage", package: "swift-system")]
        ),
        // Text typed in the wrong input mode (`dkssud` for 안녕, ㅗ디ㅣㅐ for hello): the rule that
        // fixes it, the reverse speller it spells Hangul back into keys with, and the English word
        // list it asks. Below both the CLI (`hangul-compose fix`) and the daemon (the fix key).
        .target(
            name: "HangulWrongMode",
            dependencies: [
                "HangulCore", "HangulKeys", "HangulSystem", .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // The few glibc declarations Swift's Glibc module cannot see (they need _GNU_SOURCE).
        .target(name: "CGNUShims"),
        // The settings file: read by its own strict TOML reader (the subset the file uses, no
        // Foundation), checked against the layout catalog, typed with the engine's own vocabulary
        // (ComposerOptions, KeyChord, InputMode), replaced through HangulSystem. The daemon links it.
        .target(
            name: "HangulConfig",
            dependencies: [
                "HangulCore", "HangulKeys", "HangulProtocol", "HangulSystem",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .executableTarget(
            name: "hangulctl",
            dependencies: [
                "HangulConfig", "HangulCore", "HangulLayoutFiles", "HangulClient", "HangulProtocol", "HangulSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            linkerSettings: [releaseLinking()]
        ),
        .target(
            name: "HangulDaemon",
            dependencies: [
                "HangulConfig", "HangulCore", "HangulKeys", "HangulProtocol", "HangulSystem", "HangulHanja",
                "CGNUShims", "HangulLog",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            // Release builds do not check exclusive access at run time here. The socket loop reads
            // and writes its own and its connections' stored properties 18 times a key, and each
            // check called into the runtime's access set through thread-local storage: 1,800 of the
            // 8,800 instructions a key cost the daemon (callgrind), on code that is cold at typing
            // speed (README, "The key at typing speed, third round"). Debug builds, which the
            // tests run, still check every access.
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
        ),
        .target(
            name: "HangulClient",
            dependencies: [
                "HangulKeys", "HangulProtocol", "HangulSystem",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // The daemon's log: levels, metadata, a line per record on standard error. Not swift-log,
        // whose task-local logger makes every program that links it load the concurrency runtime
        // and Dispatch (README, Performance).
        .target(name: "HangulLog"),
        // hanguld's options (DaemonOptions, QuickStart, ParsedOptions) and how hanguld and its
        // parser program run each other, on the log's levels alone: `hanguld-cli`, the parser
        // program, links this, not the daemon, and stays small (README, start-up).
        .target(name: "HanguldOptions", dependencies: ["HangulLog"]),
        // The daemon's start from its options, without the argument parser: `hanguld` is a thin main
        // over it that loads neither the parser nor Foundation, and runs `hanguld-cli` in its place
        // for every command line but the usual ones.
        .target(
            name: "HanguldLaunch",
            dependencies: [
                "HangulCore", "HangulDaemon", "HangulHanja", "HangulKeys", "HangulLayoutFiles", "HangulProtocol",
                "HangulLog", "HangulSystem", "HangulWrongMode", "HanguldOptions",
            ]
        ),
        // Release builds also place the functions a session runs, and then those the start runs,
        // together, and the switch tables a key reads (Sources/hanguld/link-order.txt and
        // link-order.ld, written by scripts/link-order).
        .executableTarget(
            name: "hanguld", dependencies: ["HanguldLaunch", "HanguldOptions"],
            exclude: ["link-order.txt", "link-order.ld"],
            linkerSettings: [releaseLinking(order: "Sources/hanguld")]
        ),
        .executableTarget(
            name: "hanguld-cli",
            dependencies: [
                "HangulLog", "HanguldOptions", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [releaseLinking()]
        ),
        // The CLI's logic, tested in process, without the argument parser: `hangul-compose` types
        // plain key strings with it alone. HangulComposeCommands is the command line
        // (swift-argument-parser) over it, and `hangul-compose-cli` its thin main, which
        // `hangul-compose` runs in its place for every other command line.
        .target(
            name: "HangulCompose",
            dependencies: [
                "HangulCore", "HangulHanja", "HangulWrongMode", "HangulKeys", "HangulClient", "HangulLayoutFiles",
                "HangulProtocol",
                "HangulSystem",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(
            name: "HangulComposeCommands",
            dependencies: [
                "HangulCompose", "HangulCore", "HangulKeys", "HangulLayoutFiles", "HangulProtocol", "HangulWrongMode",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The Swift runtime and the C++ standard library linked in (no shared libraries to bind at
        // start-up but libc, libm, libgcc_s and libxkbcommon; README "Start-up", "Code laid out as it runs"):
        // with neither the parser nor Foundation in it, it stays small enough to ship. Release
        // builds only: the test bundle, which links this target's module, inherits its linker
        // flags and cannot link Testing and XCTest with the static runtime.
        .executableTarget(
            name: "hangul-compose", dependencies: ["HangulCompose", "HangulSystem"],
            exclude: ["static-libstdc++"],
            linkerSettings: [releaseLinking(staticRuntime: true)]
        ),
        // Unused sections dropped and identical functions folded: the two programs together stay
        // within the packages' installed-size target (contrib/packaging/README.md).
        .executableTarget(
            name: "hangul-compose-cli", dependencies: ["HangulCompose", "HangulComposeCommands", "HangulSystem"],
            linkerSettings: [releaseLinking()]
        ),

        // Laws and helpers shared by these tests and the harness packages. libhangul, the behavioural
        // oracle, is compared key by key in Differential/, a package of its own, so building and
        // testing this one never needs it.
        .target(name: "HangulCoreTesting", dependencies: ["HangulCore"], path: "Tests/HangulCoreTesting"),
        .testTarget(
            name: "HangulCoreTests",
            dependencies: [
                "HangulCore", "HangulCoreTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // Helpers the test targets share: running built products, and the xkb keymaps tests need.
        .target(name: "HangulTestSupport", dependencies: ["HangulKeys", "CGNUShims"], path: "Tests/HangulTestSupport"),
        .testTarget(
            name: "HangulKeysTests",
            dependencies: [
                "HangulKeys", "HangulHanja", "HangulTestSupport", "HangulCoreTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "HangulProtocolTests",
            dependencies: [
                "HangulProtocol", "HangulCore", "HangulKeys", "HangulTestSupport", "HangulCoreTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // The conformance transcripts live in protocol/conformance (normative, language-neutral);
            // the tests read them from the source tree rather than bundling a copy.
        ),
        .testTarget(
            name: "HangulDaemonTests",
            dependencies: [
                "HangulDaemon", "HangulClient", "HangulProtocol", "HangulKeys", "HangulCore", "HangulHanja",
                "HangulWrongMode", "CGNUShims",
                "HangulSystem", .product(name: "SystemPackage", package: "swift-system"),
                "hanguld", "hanguld-cli", "HanguldLaunch", "HanguldOptions", "hangul-compose", "hangul-compose-cli",
                "hangulctl",
                "HangulTestSupport", "HangulLog",
            ]
        ),
        .testTarget(
            name: "HangulSystemTests",
            dependencies: [
                "HangulSystem", "HangulTestSupport", .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .testTarget(
            name: "HangulComposeTests",
            dependencies: [
                "HangulCompose", "HangulComposeCommands", "HangulCore", "HangulKeys", "HangulProtocol",
                "HangulSystem", "HangulWrongMode", "hangul-compose", "hangul-compose-cli",
                "HangulTestSupport", "HangulCoreTesting",
                "CGNUShims",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "HangulLayoutFilesTests", dependencies: ["HangulLayoutFiles", "HangulTestSupport"]),
        .testTarget(
            name: "HangulConfigTests",
            dependencies: [
                "HangulConfig", "HangulCore", "HangulKeys", "hangulctl", "HangulTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "HangulHanjaTests", dependencies: ["HangulCore", "HangulHanja", "HangulSystem", "HangulTestSupport"]
        ),
    ]
)

// Release builds give every function a section of its own (clang's -ffunction-sections), for two
// reasons. The linker's --gc-sections then drops each function nothing calls, not only whole
// files nothing uses (hanguld: 190 KB less code). And a program's link-order.txt can place the
// functions that run at start and on every key side by side: the kernel maps a program's pages
// 64 KiB at a time around each first touch, so code the run touches, spread over the whole file,
// makes nearly all of it resident, and each key touches more distinct pages than it needs to
// (README, "Code laid out as it runs").
for target in package.targets where target.type == .regular || target.type == .executable {
    if target.name == "CGNUShims" {
        target.cSettings = [.unsafeFlags(["-ffunction-sections"], .when(configuration: .release))]
    } else {
        target.swiftSettings =
            (target.swiftSettings ?? [])
            + [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))]
    }
}
