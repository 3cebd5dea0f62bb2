import Foundation

/// Unwind actions of Objective-C sources: `- (IBAction)name:(UIStoryboardSegue *)sender` inside an
/// `@interface` or `@implementation`, read from the text once comments, string and character
/// literals and `#if 0` blocks are taken out, so that a method commented out, quoted or disabled
/// does not count, and a declaration split over lines does. Each `@implementation`'s methods are
/// read for their navigation calls by ``ObjectiveCNavigationReader`` (string literals kept).
enum ObjectiveCActionReader {
    private static let classPattern = try! NSRegularExpression(
        pattern: #"@(interface|implementation)\s+([A-Za-z_][A-Za-z0-9_]*)\s*(?::\s*([A-Za-z_][A-Za-z0-9_]*))?"#)
    private static let endPattern = try! NSRegularExpression(pattern: #"@end\b"#)
    private static let actionPattern = try! NSRegularExpression(
        pattern: #"-\s*\(\s*IBAction\s*\)\s*([A-Za-z_][A-Za-z0-9_]*)\s*:\s*\(\s*UIStoryboardSegue\s*\*\s*\)"#)

    static func classes(in source: String) -> [DeclaredClass] {
        let text = withoutDisabledBlocks(withoutCommentsAndLiterals(source))
        // The same text with string literals kept (identifiers), for the methods' navigation calls:
        // both keep every line break, so lines and `@implementation`s are found at the same lines.
        let withLiterals = withoutDisabledBlocks(withoutCommentsAndLiterals(source, keepingLiterals: true))
        let navigation = ObjectiveCNavigationReader(withLiterals, constants: constants(in: text))
        let literalText = Array(withLiterals.utf8)
        let lineStarts = Self.lineStarts(literalText)
        let whole = NSRange(text.startIndex..., in: text)
        let ends = endPattern.matches(in: text, range: whole).map(\.range.location)
        var result: [DeclaredClass] = []
        for match in classPattern.matches(in: text, range: whole) {
            let name = String(text[Range(match.range(at: 2), in: text)!])
            let superclass = Range(match.range(at: 3), in: text).map { String(text[$0]) }
            let bodyStart = match.range.location + match.range.length
            let bodyEnd = ends.first { $0 >= bodyStart } ?? whole.length
            let body = NSRange(location: bodyStart, length: bodyEnd - bodyStart)
            let actions = actionPattern.matches(in: text, range: body).map { String(text[Range($0.range(at: 1), in: text)!]) + ":" }
            var declared = DeclaredClass(name: name, superclass: superclass, unwindActions: actions)
            if text[Range(match.range(at: 1), in: text)!] == "implementation" {
                // The body's lines, found in the literal-keeping text by line (its offsets differ).
                let firstLine = text.utf16.prefix(bodyStart).reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
                let lastLine = text.utf16.prefix(bodyEnd).reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
                let start = lineStarts[min(firstLine, lineStarts.count - 1)]
                let end = lastLine + 1 < lineStarts.count ? lineStarts[lastLine + 1] : literalText.count
                declared.methods = navigation.methods(from: start, to: end)
            }
            result.append(declared)
        }
        return result
    }

    private static let definePattern = try! NSRegularExpression(
        pattern: #"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]+\(?[ \t]*([0-9]+)[ \t]*\)?[ \t]*$"#, options: .anchorsMatchLines)
    private static let constPattern = try! NSRegularExpression(
        pattern: #"\bconst\s+[A-Za-z_][A-Za-z0-9_]*\s+([A-Za-z_][A-Za-z0-9_]*)\s*=\s*([0-9]+)\s*;"#)
    private static let enumPattern = try! NSRegularExpression(
        pattern: #"(?:\benum\b[^{;()]*|\bNS_(?:ENUM|CLOSED_ENUM)\s*\([^)]*\)\s*)\{([^}]*)\}"#)

    /// The file's integer constants, for conditions on a selected index path: `#define NAME 2`,
    /// `static const NSInteger NAME = 2;`, and the constants of `enum { … }` and `NS_ENUM(…) { … }`
    /// (counted from 0, or from a literal value). A name given two values is left out.
    static func constants(in text: String) -> [String: Int] {
        var constants: [String: Int] = [:]
        var ambiguous: Set<String> = []
        func add(_ name: String, _ value: Int) {
            guard !ambiguous.contains(name) else { return }
            if let known = constants[name], known != value {
                constants[name] = nil
                ambiguous.insert(name)
            } else {
                constants[name] = value
            }
        }
        let whole = NSRange(text.startIndex..., in: text)
        func group(_ match: NSTextCheckingResult, _ index: Int) -> String { String(text[Range(match.range(at: index), in: text)!]) }
        for pattern in [definePattern, constPattern] {
            for match in pattern.matches(in: text, range: whole) {
                if let value = Int(group(match, 2)) { add(group(match, 1), value) }
            }
        }
        for match in enumPattern.matches(in: text, range: whole) {
            var next: Int? = 0
            for item in group(match, 1).split(separator: ",") {
                let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                guard let name = parts.first, !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
                if parts.count == 2 { next = Int(parts[1]) }
                if let value = next { add(name, value) }
                next = next.map { $0 + 1 }
            }
        }
        return constants
    }

    /// The source without `//` and `/* */` comments (each replaced by a space) and without the
    /// contents of string and character literals; line breaks are kept so that directives stay on
    /// their lines.
    static func withoutCommentsAndLiterals(_ source: String, keepingLiterals: Bool = false) -> String {
        var output = ""
        output.reserveCapacity(source.utf8.count)
        var characters = source.makeIterator()
        var pending: Character? = nil
        func next() -> Character? {
            if let character = pending { pending = nil; return character }
            return characters.next()
        }
        while let character = next() {
            switch character {
            case "/":
                let following = next()
                if following == "/" {
                    while let skipped = next(), !skipped.isNewline {}
                    output.append("\n")
                } else if following == "*" {
                    var previous: Character = " "
                    while let skipped = next() {
                        if skipped.isNewline { output.append("\n") }
                        if previous == "*" && skipped == "/" { break }
                        previous = skipped
                    }
                    output.append(" ")
                } else {
                    output.append(character)
                    pending = following
                }
            case "\"", "'":
                output.append(character)
                while let quoted = next() {
                    if quoted == "\\" {
                        let escaped = next()
                        if keepingLiterals { output.append(quoted); if let escaped { output.append(escaped) } }
                        continue
                    }
                    if keepingLiterals && !(quoted == character || quoted.isNewline) { output.append(quoted); continue }
                    if quoted == character || quoted.isNewline { output.append(quoted); break }
                }
            default:
                output.append(character)
            }
        }
        return output
    }

    /// The offset of each line's first byte.
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 10 { starts.append(offset + 1) }
        return starts
    }

    /// The text without the lines of `#if 0` blocks (up to their `#else`, `#elif` or `#endif`,
    /// nested conditionals counted).
    static func withoutDisabledBlocks(_ text: String) -> String {
        var kept: [Substring] = []
        var skippingDepth = 0  // > 0 inside an `#if 0`: the nesting depth there
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let directive = line.drop { $0 == " " || $0 == "\t" }
            let words = directive.hasPrefix("#")
                ? directive.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" }) : []
            let keyword = words.first.map(String.init) ?? ""
            if skippingDepth > 0 {
                if keyword.hasPrefix("if") { skippingDepth += 1 }
                else if keyword == "endif" { skippingDepth -= 1 }
                else if skippingDepth == 1 && (keyword == "else" || keyword == "elif") { skippingDepth = 0 }
                kept.append("")
                continue
            }
            if keyword == "if", words.count > 1, words[1] == "0" {
                skippingDepth = 1
                kept.append("")
                continue
            }
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }
}
