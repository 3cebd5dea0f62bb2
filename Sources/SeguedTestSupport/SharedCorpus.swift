public import Foundation

/// `../shared/storyboards`: real storyboards written by others, the tests' acceptance layer. Tests
/// that read it are enabled by ``available`` and say why they are skipped when it is absent, so that
/// the project's own tests still run anywhere.
public enum SharedCorpus {
    /// Beside the repository: this file is `<repository>/Sources/SeguedTestSupport/SharedCorpus.swift`.
    /// `SEGUED_SHARED` names the shared folder instead, for a checkout that is not beside it (a git
    /// worktree one level deeper).
    public static let folder: URL = {
        if let shared = ProcessInfo.processInfo.environment["SEGUED_SHARED"], !shared.isEmpty {
            return URL(fileURLWithPath: shared).appendingPathComponent("storyboards")
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/storyboards")
    }()

    public static let available = FileManager.default.fileExists(atPath: folder.appendingPathComponent("MANIFEST.tsv").path)

    /// The Interface Builder files, by name.
    public static var storyboardFiles: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".storyboard") }.sorted().map { folder.appendingPathComponent($0) }
    }
}
