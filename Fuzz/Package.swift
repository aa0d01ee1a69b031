// swift-tools-version:6.1
import PackageDescription

// libFuzzer targets, in their own package so the sanitizer flags (`--sanitize=fuzzer -Xswiftc
// -sanitize=fuzzer,address`) apply to nothing else: scripts/fuzz builds one product at a time in
// its own scratch path. The checks live in a library; each executable only hands it the bytes.
let package = Package(
    name: "hangul-fuzz",
    products: [
        .executable(name: "fuzz-composer", targets: ["fuzz-composer"]),
        .executable(name: "fuzz-notation", targets: ["fuzz-notation"]),
        .executable(name: "fuzz-protocol", targets: ["fuzz-protocol"]),
        .executable(name: "fuzz-layout", targets: ["fuzz-layout"]),
    ],
    dependencies: [.package(name: "hangul", path: "..")],
    targets: [
        .target(
            name: "HangulFuzzTargets",
            dependencies: [
                .product(name: "HangulCore", package: "hangul"),
                .product(name: "HangulCoreTesting", package: "hangul"),
                .product(name: "HangulKeys", package: "hangul"),
                .product(name: "HangulProtocol", package: "hangul"),
            ]
        ),
        .executableTarget(name: "fuzz-composer", dependencies: ["HangulFuzzTargets"]),
        .executableTarget(name: "fuzz-notation", dependencies: ["HangulFuzzTargets"]),
        .executableTarget(name: "fuzz-protocol", dependencies: ["HangulFuzzTargets"]),
        .executableTarget(name: "fuzz-layout", dependencies: ["HangulFuzzTargets"]),
    ]
)
