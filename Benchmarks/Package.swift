// swift-tools-version:6.1
import PackageDescription

// Benchmarks live in their own package so the product never links libhangul: it is only the
// reference measured side by side in the same run.
let package = Package(
    name: "hangul-benchmarks",
    dependencies: [.package(name: "hangul", path: "..")],
    targets: [
        .systemLibrary(
            name: "CLibhangul",
            pkgConfig: "libhangul",
            providers: [.apt(["libhangul-dev"])]
        ),
        .executableTarget(
            name: "hangul-bench",
            dependencies: [.product(name: "HangulCore", package: "hangul"), "CLibhangul"],
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]
        ),
        .executableTarget(name: "hanguld-bench"),
    ]
)
