// swift-tools-version:6.1
import PackageDescription

// The module cut follows ../shared/ARCHITECTURE.md: HangulCore is pure Swift (no Foundation, no C),
// only HangulKeys touches libxkbcommon, only HangulDaemon touches NIO's posix layer, and the
// executables are thin `@main` shells over the libraries.
let package = Package(
    name: "hangul",
    products: [
        .library(name: "HangulCore", targets: ["HangulCore"]),
        .library(name: "HangulKeys", targets: ["HangulKeys"]),
        .library(name: "HangulProtocol", targets: ["HangulProtocol"]),
        .library(name: "HangulClient", targets: ["HangulClient"]),
        .executable(name: "hangul-compose", targets: ["hangul-compose"]),
        .executable(name: "hanguld", targets: ["hanguld"]),
        // Test support for the nested harness packages (Differential/, Fuzz/, Benchmarks/): layouts
        // spelled backwards, a seeded generator, random strokes and the output laws. Not part of
        // the engine.
        .library(name: "HangulCoreTesting", targets: ["HangulCoreTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
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
        .target(name: "HangulKeys", dependencies: ["HangulCore", "CXKBCommon"]),
        .target(name: "HangulProtocol", dependencies: ["HangulCore", "HangulKeys"]),
        .target(name: "HangulLayoutFiles", dependencies: ["HangulCore"]),
        .target(name: "CPeerCredentials"),
        .target(
            name: "HangulDaemon",
            dependencies: [
                "HangulCore", "HangulKeys", "HangulProtocol", "CPeerCredentials",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "HangulClient",
            dependencies: [
                "HangulKeys", "HangulProtocol", .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .executableTarget(
            name: "hanguld",
            dependencies: [
                "HangulDaemon", "HangulKeys", "HangulLayoutFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "hangul-compose",
            dependencies: [
                "HangulCore", "HangulKeys", "HangulClient", "HangulLayoutFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
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
        .target(name: "HangulTestSupport", dependencies: ["HangulKeys"], path: "Tests/HangulTestSupport"),
        .testTarget(name: "HangulKeysTests", dependencies: ["HangulKeys", "HangulTestSupport"]),
        .testTarget(
            name: "HangulProtocolTests",
            dependencies: [
                "HangulProtocol", "HangulCore", "HangulKeys", "HangulTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // The conformance transcripts live in protocol/conformance (normative, language-neutral);
            // the tests read them from the source tree rather than bundling a copy.
        ),
        .testTarget(
            name: "HangulDaemonTests",
            dependencies: [
                "HangulDaemon", "HangulClient", "HangulProtocol", "HangulKeys", "HangulCore", "CPeerCredentials",
                "hanguld", "hangul-compose", "HangulTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "HangulComposeTests", dependencies: ["hangul-compose", "HangulTestSupport"]),
        .testTarget(name: "HangulLayoutFilesTests", dependencies: ["HangulLayoutFiles", "HangulTestSupport"]),
    ]
)
