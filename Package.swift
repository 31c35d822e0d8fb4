// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RouteMatch",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "RouteMatch", targets: ["RouteMatch"]),
        // `explain`, `list` and `check` for an app's own route table, in a tiny executable of its own.
        .library(name: "RouteMatchTool", targets: ["RouteMatchTool"]),
        // One-line expectations for Swift Testing that print the diagnostic when they fail.
        .library(name: "RouteMatchTesting", targets: ["RouteMatchTesting"]),
        // `swift run routematch explain LINK`: the tool on the README's example table.
        // (The target is `RouteMatchCLI`: a module `routematch` beside `RouteMatch` would clash
        // on a case-insensitive file system.)
        .executable(name: "routematch", targets: ["RouteMatchCLI"]),
    ],
    dependencies: [],
    targets: [
        .target(
            name: "RouteMatch",
            dependencies: ["CRouteMatchAtomics"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        // Two C11 atomic operations, inlined: how a route's learned state is read without a
        // lock on Apple platforms older than `Synchronization` (see `LearnedSlots`).
        .target(name: "CRouteMatchAtomics"),
        .target(
            name: "RouteMatchTool",
            dependencies: ["RouteMatch"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .target(
            name: "RouteMatchTesting",
            dependencies: ["RouteMatch"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .executableTarget(
            name: "RouteMatchCLI",
            dependencies: ["RouteMatchTool"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(
            name: "RouteMatchTests",
            dependencies: ["RouteMatch", "RouteMatchTool", "RouteMatchTesting"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
