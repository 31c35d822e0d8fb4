// swift-tools-version:6.0
// The benchmark package: kept apart from the library so that the library stays free of
// dependencies. It compares RouteMatch with vapor/routing-kit and Foundation in one process.
import PackageDescription

let package = Package(
    name: "RouteMatchBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "RouteMatch", path: ".."),
        .package(url: "https://github.com/vapor/routing-kit", exact: "4.9.3"),
    ],
    targets: [
        .target(name: "MallocCounter"),
        .executableTarget(
            name: "Bench",
            dependencies: [
                .product(name: "RouteMatch", package: "RouteMatch"),
                .product(name: "RoutingKit", package: "routing-kit"),
                "MallocCounter",
            ]
        ),
        // Bench's route enums (the same files, linked into its folder) compiled as the README
        // suggests for an app's route module when its first use at launch matters: metadata
        // reached through accessor functions, not mangled names the runtime resolves by
        // scanning the process's conformance records; and each case's decoding container
        // allocated where that case is decoded, not hoisted into the synthesized
        // init(from:)'s entry, where every case's container type is fetched on every decode.
        .executableTarget(
            name: "BenchFlagged",
            dependencies: [.product(name: "RouteMatch", package: "RouteMatch"), "MallocCounter"],
            swiftSettings: [.unsafeFlags([
                "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
                "-Xllvm", "-sil-disable-pass=alloc-stack-hoisting",
            ])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
