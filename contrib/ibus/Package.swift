// swift-tools-version:6.1
import PackageDescription

// The IBus engine: a thin client of hanguld (issue 10). A package of its own that depends on the root
// package by path, so `swift build` of the root package never needs the IBus headers.
let staticRuntime = Context.environment["HANGUL_SWIFT_RUNTIME"] == "static"
// A section per function in release builds, as the root package's targets have (its Package.swift
// says why).
let swiftFunctionSections = SwiftSetting.unsafeFlags(
    ["-Xfrontend", "-function-sections"], .when(configuration: .release))
let functionSections = CSetting.unsafeFlags(["-ffunction-sections"], .when(configuration: .release))

let package = Package(
    name: "hangul-ibus",
    products: [
        .executable(name: "ibus-engine-hanguld", targets: ["ibus-engine-hanguld"])
    ],
    dependencies: [
        .package(name: "hangul", path: "hangul-root"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // libibus and GLib through pkg-config; apt `libibus-1.0-dev`.
        .systemLibrary(name: "CIBus", pkgConfig: "ibus-1.0", providers: [.apt(["libibus-1.0-dev"])]),
        // The GObject subclass of IBusEngine: G_DEFINE_TYPE, class_init and the variadic GLib calls
        // Swift cannot make. It forwards every virtual method to functions the Swift side installs.
        // It also sets the X server's Caps Lock back after a tap that switched the mode (PROTOCOL.md
        // 9.9), through xcb's XKB extension, loaded when first needed; apt `libxcb-xkb-dev` for the
        // headers.
        .target(name: "CHangulIBusEngine", dependencies: ["CIBus"], cSettings: [functionSections]),
        // PROTOCOL.md section 8 as a state machine, pure Swift: what to show and commit for each
        // reply, and when there is none. Tested without IBus.
        // It speaks the root package's vocabulary: keys (Keysym, KeyEvent; xkbcommon underneath) and
        // the protocol's own reply types (KeyReply, CandidatePage), never copies of them.
        .target(
            name: "HangulFrontendContract",
            dependencies: [
                .product(name: "HangulKeys", package: "hangul"), .product(name: "HangulProtocol", package: "hangul"),
                .product(name: "HangulSystem", package: "hangul"),
            ],
            swiftSettings: [swiftFunctionSections]
        ),
        .executableTarget(
            name: "ibus-engine-hanguld",
            dependencies: [
                "CIBus", "CHangulIBusEngine", "HangulFrontendContract",
                .product(name: "HangulClient", package: "hangul"),
                .product(name: "HangulKeys", package: "hangul"),
                .product(name: "HangulProtocol", package: "hangul"),
                .product(name: "HangulSystem", package: "hangul"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            // How the Swift runtime is linked follows the packages' choice
            // (contrib/packaging/swift-runtime, README there): by default the engine loads the one
            // runtime copy the daemon loads too, so their code pages are shared; with
            // HANGUL_SWIFT_RUNTIME=static it is linked in (engine alone: RSS 14.9 MB dynamic, 12.5 MB
            // static in one bench run; start to first key 17 ms, 14 ms). Release builds drop the
            // code nothing calls and fold identical functions, as the root package's programs do,
            // and place the functions a key runs, then those the start runs, together, and the
            // switch tables a key reads (link-order.txt and link-order.ld here, written by
            // scripts/link-order), linked as those are, by lld with packed relative relocations (the
            // root Package.swift's releaseLinking says why).
            exclude: ["link-order.txt", "link-order.ld"],
            swiftSettings: [swiftFunctionSections],
            linkerSettings: (staticRuntime ? [.unsafeFlags(["-static-stdlib"])] : []) + [
                .unsafeFlags(
                    [
                        "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker",
                        "--gc-sections", "-Xlinker", "--icf=all", "-Xlinker",
                        "--symbol-ordering-file=\(Context.packageDirectory)/Sources/ibus-engine-hanguld/link-order.txt",
                        "-Xlinker", "--no-warn-symbol-ordering", "-Xlinker",
                        "--script=\(Context.packageDirectory)/Sources/ibus-engine-hanguld/link-order.ld",
                    ],
                    .when(configuration: .release))
            ]
        ),
        .testTarget(
            name: "HangulFrontendContractTests",
            dependencies: [
                "HangulFrontendContract", .product(name: "HangulKeys", package: "hangul"),
                .product(name: "HangulProtocol", package: "hangul"),
                .product(name: "HangulSystem", package: "hangul"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ]
)
