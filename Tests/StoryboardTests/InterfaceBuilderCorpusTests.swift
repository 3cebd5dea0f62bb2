import Foundation
import SeguedTestSupport
import Storyboard
import Testing

/// The acceptance layer: real storyboards from `../shared/storyboards`, checked against the counts in
/// its MANIFEST.tsv. Skipped, with the reason, when that folder is not beside the repository.
struct InterfaceBuilderCorpusTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var file: String
        var scenes: Int
        var segueKinds: [String: Int]
        var testDescription: String { file }
    }

    /// MANIFEST.tsv: file, repo, path, commit, license, toolsVersion, scenes, segue_kinds, …
    static let rows: [Row] = {
        guard let text = try? String(contentsOf: SharedCorpus.folder.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            var kinds: [String: Int] = [:]
            for pair in fields[7].split(separator: ",") {
                let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=")
                if parts.count == 2 { kinds[String(parts[0])] = Int(parts[1]) }
            }
            return Row(file: fields[0], scenes: Int(fields[6]) ?? -1, segueKinds: kinds)
        }
    }()

    @Test(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository; the corpus tests are skipped"))
    func manifest_listsTheCorpus() {
        #expect(Self.rows.count == 27)
    }

    @Test(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository"), arguments: rows)
    func corpusFile_importsWithTheManifestsCounts(_ row: Row) throws {
        let data = try Data(contentsOf: SharedCorpus.folder.appendingPathComponent(row.file))
        let imported = try InterfaceBuilderImporter.load(data, name: String(row.file.split(separator: ".").first!))
        #expect(imported.storyboard.scenes.count == row.scenes)
        #expect(imported.storyboard.segueCountsByKind == row.segueKinds)
    }
}
