// swift-tools-version:6.1
import PackageDescription

// The differential harness lives in its own package so that the product, and the root package's
// `swift test`, never need libhangul: only this package links it, as the oracle our composer is
// compared against key by key.
let package = Package(
    name: "hangul-differential",
    products: [
        .executable(name: "hangul-differential", targets: ["hangul-differential"]),
        .executable(name: "hanja-differential", targets: ["hanja-differential"]),
    ],
    dependencies: [
        .package(name: "hangul", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // libhangul 0.2.0 (Debian's libhangul1, 0.1.0+git20191003): the behavioural oracle.
        .systemLibrary(
            name: "CLibhangul",
            pkgConfig: "libhangul",
            providers: [.apt(["libhangul-dev"])]
        ),
        // Everything the comparison needs, as a library so the tests drive exactly what the CLI runs.
        .target(
            name: "HangulDifferential",
            dependencies: [
                .product(name: "HangulCore", package: "hangul"),
                .product(name: "HangulCoreTesting", package: "hangul"),
                "CLibhangul",
            ]
        ),
        .executableTarget(
            name: "hangul-differential",
            dependencies: [
                "HangulDifferential",
                .product(name: "HangulCore", package: "hangul"),
                .product(name: "HangulCoreTesting", package: "hangul"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Our hanja dictionary against libhangul's HanjaTable on the same files.
        .target(
            name: "HanjaDifferential",
            dependencies: [
                .product(name: "HangulHanja", package: "hangul"),
                .product(name: "HangulCoreTesting", package: "hangul"),
                "CLibhangul",
            ]
        ),
        .executableTarget(
            name: "hanja-differential",
            dependencies: [
                "HanjaDifferential",
                .product(name: "HangulHanja", package: "hangul"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "HanjaDifferentialTests",
            dependencies: ["HanjaDifferential", .product(name: "HangulHanja", package: "hangul")]
        ),
        .testTarget(
            name: "HangulDifferentialTests",
            dependencies: [
                "HangulDifferential", .product(name: "HangulCore", package: "hangul"),
                .product(name: "HangulCoreTesting", package: "hangul"),
            ]
        ),
    ]
)
