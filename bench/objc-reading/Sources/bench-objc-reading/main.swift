// Objective-C reading on real apps' sources (bench/objc-reading/run.sh): libclang's reading
// (ObjectiveCClangReader) against segued's own reader (Storyboard's UnwindActionScanner, whose
// Objective-C is ObjectiveCActionReader's), per file and per method.
//
//   bench-objc-reading DIR…   each DIR an app's checked-out repository
//   Every differing method is listed with both readings. ERRORS_OF=path (or *): clang's errors;
//   CLASSES_OF=path: the classes and methods clang read in a file.
import Foundation
import Storyboard

/// Only Objective-C files are scanned: no Swift reader is needed.
struct NoSwift: SwiftSourceReader {
    func classes(inSwift source: String) -> [DeclaredClass] { [] }
}

func load(_ directory: String) -> [String: String] {
    var sources: [String: String] = [:]
    let root = URL(fileURLWithPath: directory)
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [:] }
    for case let url as URL in walker where ["m", "mm", "h", "pch"].contains(url.pathExtension) {
        let relative = String(url.path.dropFirst(root.path.count + 1))
        if let text = (try? String(contentsOf: url, encoding: .utf8)) ?? (try? String(contentsOf: url, encoding: .isoLatin1)) {
            sources[relative] = text
        }
    }
    return sources
}

func describe(_ operations: [CodeOperation]) -> String {
    operations.map { operation -> String in
        var text: String
        switch operation.kind {
        case .dismiss: text = "dismiss"
        case .pop: text = "pop"
        case .popToRoot: text = "popToRoot"
        case .segue(let identifier): text = "segue \(identifier)"
        case .instantiate(let how, let identifier, let storyboard): text = "\(how.rawValue) \(storyboard ?? "-")/\(identifier)"
        case .unread(let reason): text = "unread(\(reason))"
        case .call(let selector, let later): text = "call \(selector)\(later == nil ? "" : " later")"
        }
        if let when = operation.when { text += " when \(when)" }
        return text
    }.joined(separator: "; ")
}

/// `operations` less those of `other`, conditions left out, each once per occurrence.
func subtracting(_ operations: [CodeOperation], _ other: [CodeOperation]) -> [CodeOperation.Kind] {
    var rest = other.map(\.kind)
    return operations.map(\.kind).filter { kind in
        guard let index = rest.firstIndex(of: kind) else { return true }
        rest.remove(at: index)
        return false
    }
}

extension CodeOperation {
    /// A navigation segued performs (not unread, not a call).
    var isNavigation: Bool {
        switch kind {
        case .unread, .call: false
        default: true
        }
    }
}


print("| App | .m files | parsed | files with clang errors | errors | ms per file (median / max) | methods (hand / clang) | methods with operations | same | clang reads more | clang reads fewer | differ | navigation operations in the differing methods (hand / clang) |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
for directory in CommandLine.arguments.dropFirst() {
    let sources = load(directory)
    let implementations = sources.keys.filter { $0.hasSuffix(".m") || $0.hasSuffix(".mm") }.sorted()
    // The hand reader, file by file so that each method is its file's.
    var hand: [String: [CodeOperation]] = [:]
    var clang: [String: [CodeOperation]] = [:]
    var handTimes: [Double] = []
    for path in implementations {
        let started = DispatchTime.now().uptimeNanoseconds
        let methods = UnwindActionScanner.read([path: sources[path]!], swift: NoSwift()).methods
        handTimes.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
        for (name, bodies) in methods { for (selector, body) in bodies { hand["\(path) \(name) \(selector)"] = body.operations } }
    }
    let reader = ObjectiveCClangReader(sources: sources)
    var parsed = 0, filesWithErrors = 0, errors = 0
    var times: [Double] = []
    for path in implementations {
        let started = DispatchTime.now().uptimeNanoseconds
        let result = reader.parse(path, sources[path]!)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
        guard let result else { continue }
        parsed += 1
        if !result.errors.isEmpty { filesWithErrors += 1 }
        errors += result.errors.count
        if ProcessInfo.processInfo.environment["CLASSES_OF"] == path {
            for declared in result.classes { print("    \(declared.name): \(declared.methods.keys.sorted().joined(separator: " "))") }
        }
        if let wanted = ProcessInfo.processInfo.environment["ERRORS_OF"], wanted == path || wanted == "*" { result.errors.forEach { print("    \($0)") } }
        for declared in result.classes {
            for (selector, body) in declared.methods where clang["\(path) \(declared.name) \(selector)"] == nil {
                clang["\(path) \(declared.name) \(selector)"] = body.operations
            }
        }
    }
    // A call of a selector no class of the app implements is UIKit's: the resolver drops it, so it is
    // left out of the comparison.
    let implemented = Set((Array(hand.keys) + Array(clang.keys)).map { $0.split(separator: " ").last.map(String.init) ?? "" })
    func resolvable(_ operations: [CodeOperation]) -> [CodeOperation] {
        operations.filter { if case .call(let selector, _) = $0.kind { implemented.contains(selector) } else { true } }
    }
    hand = hand.mapValues(resolvable)
    clang = clang.mapValues(resolvable)
    var same = 0, more = 0, fewer = 0, differ = 0, navigating = 0, handNavigation = 0, clangNavigation = 0
    var lines: [String] = []
    for key in Set(hand.keys).union(clang.keys).sorted() {
        let handOps = hand[key] ?? [], clangOps = clang[key] ?? []
        guard !handOps.isEmpty || !clangOps.isEmpty else { continue }
        navigating += 1
        if handOps == clangOps { same += 1; continue }
        // The operations without their conditions, as multisets: what one reads that the other does not.
        let lost = subtracting(handOps, clangOps), gained = subtracting(clangOps, handOps)
        let verdict: String
        if lost.isEmpty && gained.isEmpty {
            let handConditions = handOps.filter { $0.when != nil }.count, clangConditions = clangOps.filter { $0.when != nil }.count
            if clangConditions < handConditions { fewer += 1; verdict = "clang reads fewer conditions" }
            else if clangConditions > handConditions { more += 1; verdict = "clang reads more conditions" }
            else { differ += 1; verdict = "conditions differ" }
        } else if lost.isEmpty {
            more += 1; verdict = "clang reads more"
        } else if gained.isEmpty {
            fewer += 1; verdict = "clang reads fewer"
        } else {
            differ += 1; verdict = "differ"
        }
        for operation in handOps where operation.isNavigation { handNavigation += 1 }
        for operation in clangOps where operation.isNavigation { clangNavigation += 1 }
        lines.append("  \(verdict): \(key)\(clang[key] == nil ? " (no such method in clang's reading)" : "")\(hand[key] == nil ? " (no such method in the hand reader's)" : "")\n    hand:  \(describe(handOps))\n    clang: \(describe(clangOps))")
    }
    let sorted = times.sorted()
    let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    let name = URL(fileURLWithPath: directory).lastPathComponent
    print("| \(name) | \(implementations.count) | \(parsed) | \(filesWithErrors) | \(errors) | \(String(format: "%.1f / %.1f", median, sorted.last ?? 0)) | \(hand.count) / \(clang.count) | \(navigating) | \(same) | \(more) | \(fewer) | \(differ) | \(handNavigation) / \(clangNavigation) |")
    lines.forEach { print($0) }
    let handSorted = handTimes.sorted()
    print("  hand reader: ms per file (median / max) \(String(format: "%.2f / %.1f", handSorted.isEmpty ? 0 : handSorted[handSorted.count / 2], handSorted.last ?? 0))")
}
