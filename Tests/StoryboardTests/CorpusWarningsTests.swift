import Foundation
import SeguedTestSupport
import Storyboard
import Testing

/// Every warning the importer gives on the shared corpus, file by file, as recorded in
/// `Fixtures/corpus-warnings.txt` and reviewed one by one (none is noise: each names something a
/// person uploading that file should know). `SEGUED_RECORD=1` rewrites the file and fails, so that
/// a change is reviewed as a diff.
struct CorpusWarningsTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/corpus-warnings.txt")

    /// `file<TAB>warning` lines, files by name, each file's warnings in the importer's order.
    static func warnings() throws -> String {
        var lines: [String] = []
        for url in SharedCorpus.storyboardFiles {
            let imported = try InterfaceBuilderImporter.load(Data(contentsOf: url), name: url.deletingPathExtension().lastPathComponent)
            lines += imported.warnings.map { "\(url.lastPathComponent)\t\($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository"))
    func corpusWarnings_areExactlyTheReviewedOnes() throws {
        let actual = try Self.warnings()
        if ProcessInfo.processInfo.environment["SEGUED_RECORD"] == "1" {
            try actual.write(to: Self.golden, atomically: true, encoding: .utf8)
            Issue.record("recorded \(Self.golden.lastPathComponent): review the diff, then run again without SEGUED_RECORD")
            return
        }
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        let actualLines = actual.split(separator: "\n"), expectedLines = expected.split(separator: "\n")
        #expect(actualLines.filter { !expectedLines.contains($0) } == [], "warnings not in the reviewed list")
        #expect(expectedLines.filter { !actualLines.contains($0) } == [], "reviewed warnings no longer given")
        #expect(actual == expected)
    }

    /// Issue 19 item 7: a segue's peek-and-pop children were each taken for a segue of kind "".
    @Test(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository"))
    func noWarning_isAboutASegueWithoutAKind() throws {
        #expect(!(try Self.warnings()).contains(#"kind """#))
    }
}
