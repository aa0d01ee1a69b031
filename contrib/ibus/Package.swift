// swift-tools-version:6.1
import PackageDescription

// The IBus engine: a thin client of hanguld (issue 10). A package of its own that depends on the root
// package by path, so `swift build` of the root package never needs the IBus headers.
let package = Package(
    name: "hangul-ibus",
    products: [
        .executable(name: "ibus-engine-hanguld", targets: ["ibus-engine-hanguld"])
    ],
    dependencies: [
        .package(name: "hangul", path: "hangul-root"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // libibus and GLib through pkg-config; apt `libibus-1.0-dev`.
        .systemLibrary(name: "CIBus", pkgConfig: "ibus-1.0", providers: [.apt(["libibus-1.0-dev"])]),
        // The GObject subclass of IBusEngine: G_DEFINE_TYPE, class_init and the variadic GLib calls
        // Swift cannot make. It forwards every virtual method to functions the Swift side installs.
        .target(name: "CHangulIBusEngine", dependencies: ["CIBus"]),
        // PROTOCOL.md section 8 as a state machine, pure Swift: what to show and commit for each
        // reply, and when there is none. Tested without IBus.
        // It speaks the root package's vocabulary: keys (Keysym, KeyEvent; xkbcommon underneath) and
        // the protocol's own reply types (KeyReply, CandidatePage), never copies of them.
        .target(
            name: "HangulFrontendContract",
            dependencies: [
                .product(name: "HangulKeys", package: "hangul"), .product(name: "HangulProtocol", package: "hangul"),
            ]
        ),
        .executableTarget(
            name: "ibus-engine-hanguld",
            dependencies: [
                "CIBus", "CHangulIBusEngine", "HangulFrontendContract",
                .product(name: "HangulClient", package: "hangul"),
                .product(name: "HangulKeys", package: "hangul"),
                .product(name: "HangulProtocol", package: "hangul"),
            ],
            // The Swift runtime linked in rather than loaded: IBus starts one engine process per
            // session and keeps it all day, and only the parts used become resident (RSS 14.9 MB
            // dynamic, 12.5 MB static in the same bench run; start to first key 17 ms, 14 ms).
            linkerSettings: [.unsafeFlags(["-static-stdlib"])]
        ),
        .testTarget(
            name: "HangulFrontendContractTests",
            dependencies: [
                "HangulFrontendContract", .product(name: "HangulKeys", package: "hangul"),
                .product(name: "HangulProtocol", package: "hangul"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ]
)
