// swift-tools-version:6.1
import PackageDescription

// A client for segued's REST API, generated at build time from openapi.yaml by
// swift-openapi-generator's build plugin. An iOS developer adds the SeguedClient product to a test
// target to drive a daemon from XCTest. The daemon's own package never depends on this one.
let package = Package(
    name: "SeguedClient",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "SeguedClient", targets: ["SeguedClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .target(
            name: "SeguedClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // The README's demo walkthrough, then taps on an app uploaded with its sources, driven through
        // the generated client (CI runs it: .ci/check-clients).
        .executableTarget(name: "segued-demo", dependencies: ["SeguedClient"]),
    ]
)
