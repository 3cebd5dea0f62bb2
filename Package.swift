// swift-tools-version:6.1
import PackageDescription

/// Settings every target shares.
/// - ExistentialAny: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0335-existential-any.md
/// - MemberImportVisibility: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0444-member-import-visibility.md
/// - InternalImportsByDefault: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0409-access-level-on-imports.md
let sharedSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "segued",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "segued", targets: ["segued"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-algorithms.git", from: "1.2.1"),
        // The Swift parser, for unwind actions in an app's Swift sources (target SourceScanning only).
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // Debian's SQLite (libsqlite3-dev), for the durable store: imported only by Sources/Store/SQLite.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The state directory (--state-dir): SQLite in WAL mode behind a small Swift face, a
        // group-committing writer thread, the directory lock (issue 27).
        .target(name: "Store", dependencies: ["CSQLite"], swiftSettings: sharedSettings),
        // The allocator's free memory and its release (tcmalloc in the shipped binary, glibc's
        // otherwise): C, because tcmalloc's functions are only there in the binary that links it.
        .target(name: "CAllocator"),
        .target(name: "Storyboard", swiftSettings: sharedSettings),
        .target(name: "Navigation", dependencies: ["Storyboard"], swiftSettings: sharedSettings),
        // Flows a person writes (docs/flows.md), their runner over any driver, and the exploration
        // that generates them: beside the engine, with no HTTP (the HTTP driver is the CLI's).
        .target(name: "Flows", dependencies: ["Storyboard", "Navigation"], swiftSettings: sharedSettings),
        // Swift sources read with swift-syntax (unwind actions and their selectors): a target of its
        // own so that Storyboard and the engine do not build or link the parser.
        .target(
            name: "SourceScanning",
            dependencies: [
                "Storyboard",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: sharedSettings
        ),
        .target(
            name: "HTTPServer",
            dependencies: ["CMicroHTTPD"],
            swiftSettings: sharedSettings
        ),
        // libcurl (Debian's libcurl4-openssl-dev) as a client: `segued test --url`, `segued
        // healthcheck`, a cluster node's storyboard fetches. C because curl_easy_setopt is variadic.
        .target(name: "CCurlClient", linkerSettings: [.linkedLibrary("curl")]),
        .target(
            name: "HTTPClient",
            dependencies: ["CCurlClient"],
            swiftSettings: sharedSettings
        ),
        // The web app served at /ui/: HTML, CSS and JavaScript modules, embedded in the binary.
        .target(
            name: "WebApp",
            resources: [.embedInCode("Assets")],
            swiftSettings: sharedSettings
        ),
        .target(
            name: "SeguedService",
            dependencies: [
                "Storyboard", "Navigation", "HTTPServer", "HTTPClient", "WebApp", "SourceScanning", "Flows", "Store",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Algorithms", package: "swift-algorithms"),
            ],
            resources: [.embedInCode("Resources/openapi.yaml")],
            swiftSettings: sharedSettings
        ),
        .executableTarget(
            name: "segued",
            dependencies: [
                "SeguedService", "HTTPServer", "HTTPClient", "Storyboard", "Navigation", "Flows", "CAllocator", "SourceScanning", "Store",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: sharedSettings
        ),
        .executableTarget(
            name: "bench-engine",
            dependencies: [
                "Storyboard", "Navigation", "SeguedService", "HTTPServer",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "bench/engine",
            swiftSettings: sharedSettings
        ),
        // Instruction counts against presentation depth and session count (bench/costs/run.sh).
        .executableTarget(
            name: "bench-costs",
            dependencies: [
                "Storyboard", "Navigation", "SeguedService", "HTTPServer",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "bench/costs",
            exclude: ["run.sh", "README.md"],
            swiftSettings: sharedSettings
        ),
        // The store's write path against GRDB.swift's (bench/store/run.sh; GRDB in a package of its own).
        .executableTarget(
            name: "bench-store",
            dependencies: ["Store"],
            path: "bench/store",
            exclude: ["run.sh", "grdb"],
            swiftSettings: sharedSettings
        ),
        .executableTarget(
            name: "bench-import",
            dependencies: ["Storyboard"],
            path: "bench/import",
            swiftSettings: sharedSettings
        ),
        .target(
            name: "SeguedTestSupport",
            dependencies: ["Storyboard", "Navigation", "Flows"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "StoryboardTests",
            dependencies: ["Storyboard", "Navigation", "SeguedTestSupport", "SourceScanning"],
            exclude: ["Fixtures"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "HTTPServerTests",
            dependencies: ["HTTPServer", "SeguedTestSupport"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "HTTPClientTests",
            dependencies: ["HTTPClient", "HTTPServer"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "SeguedServiceTests",
            dependencies: ["SeguedService", "HTTPServer", "Storyboard", "Navigation", "SeguedTestSupport", "WebApp", "Flows"],
            exclude: ["Fixtures"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["SeguedService", "HTTPServer", "Storyboard", "SeguedTestSupport"],
            swiftSettings: sharedSettings
        ),
        // The command line's own code paths (files given to `serve`, `lint` and `import`), in process.
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["segued", "Storyboard", "Flows", "SeguedService", "HTTPServer", "HTTPClient", "SeguedTestSupport", "SourceScanning"],
            swiftSettings: sharedSettings
        ),
        // The durable store (issue 27): the SQLite face and writer, and the service over a state directory.
        .testTarget(
            name: "StoreTests",
            dependencies: ["Store", "SeguedService", "HTTPServer", "Storyboard"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "AllocatorTests",
            dependencies: ["CAllocator", "segued"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "FlowTests",
            dependencies: ["Flows", "Storyboard", "Navigation", "SeguedTestSupport"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "NavigationTests",
            dependencies: [
                "Storyboard", "Navigation", "SeguedTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Scenarios", "Fixtures"],
            swiftSettings: sharedSettings
        ),
    ]
)
