// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RouteMatch",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "RouteMatch", targets: ["RouteMatch"]),
    ],
    dependencies: [],
    targets: [
        .target(
            name: "RouteMatch",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(
            name: "RouteMatchTests",
            dependencies: ["RouteMatch"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
