// swift-tools-version:6.1
import PackageDescription

// Benchmarks live in their own package so the product never links libhangul: it is only the
// reference measured side by side in the same run. Everything builds with the root package's
// settings (plain release `-O`), so the engine is measured as it ships.
let package = Package(
    name: "hangul-benchmarks",
    dependencies: [.package(name: "hangul", path: "..")],
    targets: [
        .systemLibrary(
            name: "CLibhangul",
            pkgConfig: "libhangul",
            providers: [.apt(["libhangul-dev"])]
        ),
        // Counts calls to malloc and its relatives by interposing them in the executable that
        // links it: the engine benchmark reads the count around a steady-state run.
        .target(name: "CAllocationCounter"),
        // sched_setaffinity for the daemon benchmark, which pins client and servers to chosen CPUs.
        .target(name: "CCPUAffinity"),
        // The key streams (Korean text turned into keys of any layout, by the tests' KeySpeller),
        // statistics and the table. Streams are spelled before any timing starts.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "HangulCore", package: "hangul"),
                .product(name: "HangulCoreTesting", package: "hangul"),
            ]
        ),
        .executableTarget(
            name: "hangul-bench",
            dependencies: [
                "BenchmarkSupport", "CAllocationCounter", "CLibhangul",
                .product(name: "HangulCore", package: "hangul"),
                .product(name: "HangulCoreTesting", package: "hangul"),
            ]
        ),
        // Hanja dictionary lookups, ours against libhangul's HanjaTable on the same file.
        .executableTarget(
            name: "hanja-bench",
            dependencies: [
                "BenchmarkSupport", "CAllocationCounter", "CLibhangul",
                .product(name: "HangulHanja", package: "hangul"),
                .product(name: "HangulKeys", package: "hangul"),
                .product(name: "HangulProtocol", package: "hangul"),
            ]
        ),
        // The C reference for whole-process `hangul-compose` timing: a small C program driving
        // libhangul the way hangul-compose drives our engine.
        .executableTarget(name: "libhangul-compose", dependencies: ["CLibhangul"]),
        // Whole-process `hangul-compose` against that C program on the same key corpus.
        .executableTarget(name: "compose-bench", dependencies: ["BenchmarkSupport"]),
        // The floor under the daemon's socket loop: one thread, epoll, canned replies (hanguld-bench
        // --loops measures both of hanguld's loops beside it).
        .executableTarget(name: "c-epoll-server"),
        // Start-up (hanguld's first key, hangul-compose with one short input) beside C programs
        // driving libhangul: libhangul-server is the daemon's reference, libhangul-compose the CLI's.
        .executableTarget(name: "libhangul-server", dependencies: ["CLibhangul"]),
        .executableTarget(name: "startup-bench", dependencies: ["BenchmarkSupport"]),
        .executableTarget(
            name: "hanguld-bench",
            dependencies: [
                "BenchmarkSupport", "CCPUAffinity", .product(name: "HangulCoreTesting", package: "hangul"),
            ]
        ),
    ]
)
