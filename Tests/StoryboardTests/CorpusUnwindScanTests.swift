import Foundation
import SeguedTestSupport
import SourceScanning
import Storyboard
import Testing

/// The scanner on the shared corpus's apps. Their sources are not in the repository, so each row of
/// UNWIND_IMPLEMENTERS.tsv is declared here as its file's language declares an unwind action (a
/// header's `@interface`, an implementation's `@implementation`, a Swift class), with the traps of
/// real files around it, and the scan must give every listed class the row's action.
struct CorpusUnwindScanTests {
    /// `(action, class, path)` of every implementing class of every row.
    static let implementers: [(action: String, className: String, path: String)] = {
        let url = SharedCorpus.folder.appendingPathComponent("UNWIND_IMPLEMENTERS.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().flatMap { line -> [(String, String, String)] in
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count >= 3, fields[2] != "NO IMPLEMENTATION FOUND IN SOURCE" else { return [] }
            return fields[2].split(separator: ";").compactMap { entry in
                let parts = entry.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
                guard parts.count == 2 else { return nil }
                return (fields[1], String(parts[0]), String(parts[1].dropFirst().dropLast()))
            }
        }
    }()

    /// A source declaring `action` in `className` as the file at `path` would, after a commented-out
    /// copy and a quoted one (which must not count).
    static func fixture(action: String, className: String, path: String) -> String {
        let base = String(action.dropLast())
        if path.hasSuffix(".swift") {
            return """
                import UIKit
                // @IBAction func \(base)Old(_ segue: UIStoryboardSegue) {}
                class \(className): UIViewController {
                    let note = "@IBAction func \(base)Quoted(_ segue: UIStoryboardSegue) {}"
                    @IBAction
                    func \(base)(_ segue: UIStoryboardSegue) {}
                }
                """
        }
        return """
            // - (IBAction)\(base)Old:(UIStoryboardSegue *)sender;
            @implementation \(className)
            /* - (IBAction)\(base)Quoted:(UIStoryboardSegue *)sender { } */
            - (IBAction)\(base):(UIStoryboardSegue *)segue { }
            @end
            """
    }

    @Test(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository"))
    func everyImplementerOfTheCorpus_isFoundWithItsAction_only() {
        #expect(Self.implementers.count == 19)
        var sources: [String: String] = [:]
        for (index, row) in Self.implementers.enumerated() {
            let ext = row.path.hasSuffix(".swift") ? "swift" : "m"
            sources["\(index)/\(row.className).\(ext)"] = Self.fixture(action: row.action, className: row.className, path: row.path)
        }
        let classes = UnwindActionScanner.scan(sources, swift: SwiftSyntaxSourceReader())
        var expected: [String: Set<String>] = [:]
        for row in Self.implementers { expected[row.className, default: []].insert(row.action) }
        #expect(classes.mapValues { Set($0.unwindActions) } == expected)
    }

    /// R.swift's SecondViewController declares `unwindSomethingSomthing(segue:)` (Swift 2, when a
    /// first parameter had no label unless written twice); the storyboard names
    /// `unwindSomethingSomthing:`. Since Swift 3 (SE-0046, first labels like the others) that
    /// declaration exports `unwindSomethingSomthingWithSegue:`, which is what the scan gives: built
    /// today, the app's unwind would find no implementer.
    @Test func swift2StyleFirstLabel_exportsTheSwift3Selector() {
        let source = "class SecondViewController: UIViewController {\n    @IBAction func unwindSomethingSomthing(segue: UIStoryboardSegue) {\n    }\n}\n"
        let classes = UnwindActionScanner.scan(["SecondViewController.swift": source], swift: SwiftSyntaxSourceReader())
        #expect(classes["SecondViewController"]?.unwindActions == ["unwindSomethingSomthingWithSegue:"])
    }
}
