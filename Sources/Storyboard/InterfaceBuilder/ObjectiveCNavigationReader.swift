/// The navigation calls of Objective-C methods (spec §5.13), read from an `@implementation`'s text
/// once comments and `#if 0` blocks are out (string literals kept): each method's selector, its
/// line, and its messages — `dismissViewControllerAnimated:completion:`,
/// `popViewControllerAnimated:`, `popToRootViewControllerAnimated:`,
/// `performSegueWithIdentifier:sender:` with a literal identifier, and
/// `presentViewController:animated:completion:`, `pushViewController:animated:`,
/// `showViewController:sender:`, `showDetailViewController:sender:` of
/// `instantiateViewControllerWithIdentifier:` (directly or through a variable of the method, from
/// `self.storyboard` or `[UIStoryboard storyboardWithName:bundle:]`); messages to `self` of other
/// selectors are calls for the resolver to follow. `if`/`else` and `switch` give conditions;
/// messages inside a block (`^{ … }`) run later and are `unread`.
///
/// A small reader of its own, not libclang: measured against libclang (without the iOS SDK) on real
/// apps by bench/objc-reading, which read fewer operations and conditions, 80 times slower
/// (docs/real-apps.md, "Objective-C: libclang measured against our reader").
struct ObjectiveCNavigationReader {
    private let bytes: [UInt8]
    /// The file's integer constants (``ObjectiveCActionReader/constants(in:)``).
    private let constants: [String: Int]

    init(_ text: String, constants: [String: Int] = [:]) {
        bytes = Array(text.utf8)
        self.constants = constants
    }

    /// The methods defined between `start` and `end` (an `@implementation`'s body), by selector,
    /// `source` the line.
    func methods(from start: Int, to end: Int) -> [String: MethodBody] {
        var result: [String: MethodBody] = [:]
        var branches = PreprocessorBranches()
        var index = start
        var depth = 0
        var lineStart = true
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { index = skipLiteral(index); lineStart = false; continue }
            if byte == UInt8(ascii: "{") { depth += 1 }
            if byte == UInt8(ascii: "}") { depth = max(0, depth - 1) }
            if byte == UInt8(ascii: "\n") { lineStart = true; index += 1; continue }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1; continue }
            if depth == 0, lineStart, byte == UInt8(ascii: "#") {
                // `#if X` … `#else` around methods: each branch's definition is an alternative.
                var lineEnd = index
                while lineEnd < end, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                branches.read(string(index + 1, lineEnd))
                index = lineEnd
                continue
            }
            if depth == 0, lineStart, byte == UInt8(ascii: "-"), let open = firstOf(UInt8(ascii: "{"), before: UInt8(ascii: ";"), from: index, to: end) {
                let signature = string(index + 1, open)
                let close = matching(open, end: end)
                if let selector = Self.selector(signature), result[selector] == nil || !branches.isEmpty {
                    let line = bytes[..<index].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                    var reader = BodyReader(bytes: bytes, start: open + 1, end: close, indexPaths: Self.indexPaths(selector, signature), constants: constants)
                    reader.read()
                    let operations = reader.operations.map { CodeOperation($0.kind, conditions: branches.conditions + $0.conditions) }
                    if var known = result[selector] {
                        known.operations += operations
                        result[selector] = known
                    } else {
                        result[selector] = MethodBody(source: "\(line)", operations: operations)
                    }
                }
                index = close + 1
                lineStart = false
                continue
            }
            lineStart = false
            index += 1
        }
        return result
    }

    /// `(void)cancel:(id)sender` → `cancel:`; `(void)viewDidLoad` → `viewDidLoad`.
    static func selector(_ signature: String) -> String? {
        var text = Substring(signature)
        text = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        if text.first == "(" {
            var depth = 0
            while let character = text.first {
                text = text.dropFirst()
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1; if depth == 0 { break } }
            }
        }
        var pieces: [String] = []
        var word = ""
        var depth = 0
        var sawColon = false
        for character in text {
            if character == "(" { depth += 1; continue }
            if character == ")" { depth -= 1; word = ""; continue }
            guard depth == 0 else { continue }
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else if character == ":" {
                pieces.append(word + ":")
                sawColon = true
                word = ""
            } else if !word.isEmpty {
                if !sawColon && pieces.isEmpty { return word }
                word = ""
            }
        }
        if pieces.isEmpty { return word.isEmpty ? nil : word }
        return pieces.joined()
    }

    /// In a selection method (`tableView:didSelectRowAtIndexPath:`), the name of its index path
    /// parameter: `(NSIndexPath *)indexPath`.
    static func indexPaths(_ selector: String, _ signature: String) -> Set<String> {
        guard IndexPathConditions.selectionSelectors.contains(selector), let type = signature.firstRange(of: "NSIndexPath") else { return [] }
        let rest = signature[type.upperBound...].drop { $0 == " " || $0 == "*" || $0 == "\t" || $0 == "\n" }
        guard rest.first == ")" else { return [] }
        let name = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? [] : [String(name)]
    }

    private func string(_ start: Int, _ end: Int) -> String { String(decoding: bytes[start..<end], as: UTF8.self) }

    private func firstOf(_ wanted: UInt8, before stop: UInt8, from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end {
            if bytes[index] == wanted { return index }
            if bytes[index] == stop || bytes[index] == UInt8(ascii: "}") { return nil }
            index += 1
        }
        return nil
    }

    private func skipLiteral(_ index: Int) -> Int { Self.skipLiteral(bytes, index) }
    private func matching(_ open: Int, end: Int) -> Int { Self.matching(bytes, open, end: end) }

    /// The index after the literal opened at `index`.
    static func skipLiteral(_ bytes: [UInt8], _ index: Int) -> Int {
        let quote = bytes[index]
        var next = index + 1
        while next < bytes.count {
            if bytes[next] == UInt8(ascii: "\\") { next += 2; continue }
            if bytes[next] == quote || bytes[next] == UInt8(ascii: "\n") { return next + 1 }
            next += 1
        }
        return next
    }

    /// The index of the bracket closing the one at `open` (`{`, `(` or `[`), or `end`.
    static func matching(_ bytes: [UInt8], _ open: Int, end: Int) -> Int {
        var depth = 0
        var index = open
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): index = skipLiteral(bytes, index); continue
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index += 1
        }
        return end
    }
}

/// The preprocessor conditionals open at a point of a file (`#if X`, `#ifdef X`, `#ifndef X`,
/// `#elif Y`, `#else`, `#endif`): only one branch of each is compiled, so what each holds is an
/// alternative named by its branch, `#if X`, `#elif Y`, `#else (not X and not Y)`, `#else (not
/// defined X)` for an `#ifdef`'s.
struct PreprocessorBranches {
    /// Each open conditional's branch: its label, and the negations of its own and earlier
    /// branches' conditions (for an `#else`).
    private var open: [(label: String, negations: [String])] = []

    var isEmpty: Bool { open.isEmpty }
    var conditions: [CodeCondition] { open.map { .text($0.label) } }

    /// A directive's line, without its `#`.
    mutating func read(_ line: String) {
        let words = line.drop { $0 == " " || $0 == "\t" }.split(separator: " ", maxSplits: 1).map { String($0).trimmingSpaces }
        let keyword = words.first ?? ""
        let rest = words.count > 1 ? words[1] : ""
        switch keyword {
        case "if": open.append(("#if \(rest)", ["not \(rest)"]))
        case "ifdef": open.append(("#ifdef \(rest)", ["not defined \(rest)"]))
        case "ifndef": open.append(("#ifndef \(rest)", ["defined \(rest)"]))
        case "elif":
            if let last = open.popLast() { open.append(("#elif \(rest)", last.negations + ["not \(rest)"])) }
        case "else":
            if let last = open.popLast() { open.append(("#else (\(last.negations.joined(separator: " and ")))", last.negations)) }
        case "endif":
            _ = open.popLast()
        default: break
        }
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
