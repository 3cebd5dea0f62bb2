// swift-tools-version:6.0
// bench/store's other half: the same rows through GRDB.swift, in a package of its own so that
// segued's build never fetches or builds GRDB (bench/store/run.sh builds it).
import PackageDescription

let package = Package(
    name: "bench-store-grdb",
    dependencies: [.package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0")],
    targets: [
        .executableTarget(name: "bench-store-grdb", dependencies: [.product(name: "GRDB", package: "GRDB.swift")])
    ]
)
