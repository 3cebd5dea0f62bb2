// swift-tools-version:6.1
// bench/objc-reading: Objective-C bodies read by libclang (Debian's libclang-dev, clang 14) against
// segued's own reader (target Storyboard, compiled here from ../../Sources/Storyboard through the
// symlink Sources/Storyboard), on real apps' sources. A package of its own so that segued's build
// never needs or links libclang: the measurement kept the hand reader (docs/real-apps.md).
import PackageDescription

let sharedSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "bench-objc-reading",
    targets: [
        // libclang's C interface; its header is under llvm-14's include folder (-Xcc -I below).
        .systemLibrary(name: "CClang", providers: [.apt(["libclang-dev"])]),
        // The Swift face of libclang: the only code here that touches its pointers.
        .target(
            name: "ClangIndex",
            dependencies: ["CClang"],
            swiftSettings: sharedSettings + [.unsafeFlags(["-Xcc", "-I/usr/lib/llvm-14/include"])]
        ),
        .target(name: "Storyboard", swiftSettings: sharedSettings),
        .executableTarget(name: "bench-objc-reading", dependencies: ["ClangIndex", "Storyboard"], swiftSettings: sharedSettings),
    ]
)
