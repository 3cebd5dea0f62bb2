/// Reads the conditions of a selection method's branches (spec §5.13) for what they say of the
/// selected index path, in Swift and Objective-C alike (both read the same text here): comparisons
/// of its `section` or `row` (`item`) with integer literals (`indexPath.row == 2`,
/// `[indexPath section] != 0`, `indexPath.row >= 3`), joined with `&&`, `||`, `!` and parentheses;
/// `switch` cases of integers, ranges (`1...3`, `0..<2`), tuples (`(0, _)`) and Swift's
/// `[section, row]` literals. Whatever else a condition says stays its source text, undecided.
///
/// A reader without index path names (any method but a selection method) reads every condition as
/// text, word for word as before: `when` then is the branch's source.
public struct IndexPathConditions: Sendable {
    /// The selection methods whose index path parameter the conditions are read on.
    public static let selectionSelectors: Set<String> = [
        "tableView:didSelectRowAt:", "tableView:didSelectRowAtIndexPath:",
        "collectionView:didSelectItemAt:", "collectionView:didSelectItemAtIndexPath:",
    ]

    /// The names the selected index path has in the body (its parameter).
    public var paths: Set<String>
    /// Names bound once to its section or row (`let row = indexPath.row`).
    public var aliases: [String: IndexPathField]
    /// Integer constants of the file, by the name the code uses: `BACKGROUND_SECTION`,
    /// `Sections.action.rawValue` (an `Int` enum's case), an Objective-C `#define` or `enum` constant.
    public var constants: [String: Int]

    public init(paths: Set<String> = [], aliases: [String: IndexPathField] = [:], constants: [String: Int] = [:]) {
        self.paths = paths
        self.aliases = aliases
        self.constants = constants
    }

    // MARK: Branches

    /// The conditions of an `if` or `guard` whose condition elements (Swift's, separated by commas;
    /// Objective-C's one) are `elements`: one per conjunct when any is on the index path, else the
    /// condition as written (`written`).
    public func conjuncts(_ elements: [String], written: String) -> [CodeCondition] {
        let read = elements.map(expression)
        guard read.contains(where: \.isOnIndexPath) else { return [.text(written)] }
        return read.flatMap { condition -> [CodeCondition] in if case .all(let parts) = condition { parts } else { [condition] } }
    }

    /// The condition of the `else` of the same `if` (what runs after a `guard`'s `else`).
    public func negation(_ elements: [String], written: String) -> CodeCondition {
        let parts = conjuncts(elements, written: written)
        guard parts.contains(where: \.isOnIndexPath) else { return .text("not (\(written))") }
        return .not(parts.count == 1 ? parts[0] : .all(parts))
    }

    /// One pattern of a `case` label, with its `where` clause.
    public struct CaseItem: Sendable {
        public var pattern: String
        public var guardText: String?
        public init(pattern: String, guardText: String? = nil) {
            self.pattern = pattern
            self.guardText = guardText
        }
    }

    /// The condition of a `case` whose items are `items` (`written` as the label has them) in a
    /// switch on `subject`.
    public func caseCondition(subject: String, items: [CaseItem], written: String) -> CodeCondition {
        let fallback = CodeCondition.text("\(subject) is \(written)")
        guard let fields = subjectFields(subject) else { return fallback }
        let enumeration = Self.enumeration(subject)
        var read: [CodeCondition] = []
        for item in items {
            var patternText = item.pattern
            // `case .account:` in a switch on `Section(rawValue: indexPath.section)`: the case's raw value.
            if let enumeration, patternText.hasPrefix(".") {
                if patternText.hasSuffix("?") { patternText.removeLast() }
                patternText = enumeration + patternText + ".rawValue"
            }
            guard var condition = pattern(patternText, fields: fields) else {
                read.append(.text("\(subject) is \(item.pattern)\(item.guardText.map { " where \($0)" } ?? "")"))
                continue
            }
            if let guardText = item.guardText { condition = .all([condition, .text(guardText)]) }
            read.append(condition)
        }
        guard read.contains(where: \.isOnIndexPath) else { return fallback }
        return Self.merged(read)
    }

    /// The condition of `default:` in a switch on `subject` whose cases are `cases`.
    public func defaultCondition(subject: String, cases: [CodeCondition]) -> CodeCondition {
        let written = CodeCondition.text("\(subject) is none of the cases above")
        guard subjectFields(subject) != nil, cases.contains(where: \.isOnIndexPath) else { return written }
        let any = Self.merged(cases)
        if Self.isPlain(any) { return .not(any) }
        return .named("\(subject) is none of the cases above", .not(any))
    }

    // MARK: Expressions

    /// A condition's text read: comparisons on the index path structured, the rest text.
    public func expression(_ source: String) -> CodeCondition {
        let text = Self.unparenthesized(Self.trimmed(source))
        let ors = Self.split(text, "||")
        if ors.count > 1 { return .any(ors.map(expression)) }
        let ands = Self.split(text, "&&")
        if ands.count > 1 { return .all(ands.map(expression)) }
        if text.hasPrefix("!"), !text.hasPrefix("!=") {
            let rest = Self.trimmed(String(text.dropFirst()))
            let inner = expression(rest)
            if inner.isOnIndexPath { return .not(inner) }
            return .text(text)
        }
        for op in ["==", "!=", "<=", ">=", "<", ">"] {
            let sides = Self.split(text, op)
            guard sides.count == 2 else { continue }
            if let field = field(sides[0]), let value = integer(sides[1]) { return Self.compare(field, op, value) }
            if let field = field(sides[1]), let value = integer(sides[0]) {
                let flipped = ["<": ">", ">": "<", "<=": ">=", ">=": "<="][op] ?? op
                return Self.compare(field, flipped, value)
            }
            break
        }
        return .text(text)
    }

    /// `indexPath.row`, `indexPath.item`, `[indexPath section]`, `(NSInteger)indexPath.row`, an alias.
    public func field(_ source: String) -> IndexPathField? {
        var text = Self.unparenthesized(Self.trimmed(source))
        // A C cast: `(NSInteger)indexPath.row`.
        if text.hasPrefix("("), let close = text.firstIndex(of: ")"),
            text[text.index(after: text.startIndex)..<close].allSatisfy({ $0.isLetter || $0 == " " || $0 == "_" })
        {
            text = Self.trimmed(String(text[text.index(after: close)...]))
        }
        if let alias = aliases[text] { return alias }
        var base: Substring
        var member: Substring
        if text.hasPrefix("["), text.hasSuffix("]") {
            let words = text.dropFirst().dropLast().split(separator: " ")
            guard words.count == 2 else { return nil }
            base = words[0]
            member = words[1]
        } else {
            guard let dot = text.lastIndex(of: ".") else { return nil }
            base = text[..<dot]
            member = text[text.index(after: dot)...]
        }
        if base.hasPrefix("self.") { base = base.dropFirst(5) }
        guard paths.contains(String(base)) else { return nil }
        switch member {
        case "section": return .section
        case "row", "item": return .row
        default: return nil
        }
    }

    // MARK: Patterns

    /// What a switch's subject reads: one field, a tuple of fields (nil where a tuple's element is
    /// not one), or the index path itself (section then row); nil when it is not on the index path.
    private func subjectFields(_ subject: String) -> [IndexPathField?]? {
        var text = Self.trimmed(subject)
        if let enumeration = Self.enumeration(text) {
            // `Section(rawValue: indexPath.section)!`: the field it is made from.
            text = String(text.dropFirst(enumeration.count + "(rawValue:".count))
            while text.hasSuffix("!") || text.hasSuffix("?") { text.removeLast() }
            text.removeLast()
            return field(text).map { [$0] }
        }
        if paths.contains(text) { return [.section, .row] }
        if let field = field(text) { return [field] }
        guard let inner = Self.enclosed(text) else { return nil }
        let parts = Self.split(inner, ",").map(field)
        return parts.count > 1 && parts.contains(where: { $0 != nil }) ? parts : nil
    }

    /// `Section` of a subject `Section(rawValue: …)` (with `!` or `?`): an `Int` enum made from
    /// the index path's field, whose cases' raw values are constants of the file.
    private static func enumeration(_ subject: String) -> String? {
        var text = trimmed(subject)
        while text.hasSuffix("!") || text.hasSuffix("?") { text.removeLast() }
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let name = text[..<open]
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
            text[open...].dropFirst().drop(while: \.isWhitespace).hasPrefix("rawValue:")
        else { return nil }
        return String(name)
    }

    private func pattern(_ source: String, fields: [IndexPathField?]) -> CodeCondition? {
        let text = Self.trimmed(source)
        if fields.count == 1 {
            guard let field = fields[0], let values = values(text) else { return nil }
            return .index(field, values)
        }
        // A tuple `(0, _)`, or an index path literal `[0, 1]`.
        let inner: String
        if let enclosed = Self.enclosed(text) {
            inner = enclosed
        } else if text.hasPrefix("["), text.hasSuffix("]") {
            inner = String(text.dropFirst().dropLast())
        } else {
            return nil
        }
        let parts = Self.split(inner, ",")
        guard parts.count == fields.count else { return nil }
        var conditions: [CodeCondition] = []
        for (part, field) in zip(parts, fields) {
            let part = Self.trimmed(part)
            if part == "_" || part.hasPrefix("let ") || part.hasPrefix("var ") { continue }
            guard let field, let values = values(part) else { return nil }
            conditions.append(.index(field, values))
        }
        guard !conditions.isEmpty else { return nil }
        return conditions.count == 1 ? conditions[0] : .all(conditions)
    }

    /// `2`, `1...3`, `0..<2`, `3...`, `...2`, C's `1 ... 3`.
    private func values(_ source: String) -> IndexValues? {
        let text = Self.trimmed(source)
        if let value = integer(text) { return IndexValues(values: [value]) }
        for (op, open) in [("..<", true), ("...", false)] {
            guard let range = text.firstRange(of: op) else { continue }
            let lowerText = Self.trimmed(String(text[..<range.lowerBound]))
            let upperText = Self.trimmed(String(text[range.upperBound...]))
            let lower = lowerText.isEmpty ? nil : integer(lowerText)
            let upper = upperText.isEmpty ? nil : integer(upperText).map { open ? $0 - 1 : $0 }
            guard lowerText.isEmpty || lower != nil, upperText.isEmpty || upper != nil, lower != nil || upper != nil else { return nil }
            return IndexValues([IndexValues.Range(lower: lower, upper: upper)])
        }
        return nil
    }

    private static func compare(_ field: IndexPathField, _ op: String, _ value: Int) -> CodeCondition {
        switch op {
        case "==": .index(field, IndexValues(values: [value]))
        case "!=": .not(.index(field, IndexValues(values: [value])))
        case "<": .index(field, IndexValues([.init(lower: nil, upper: value - 1)]))
        case "<=": .index(field, IndexValues([.init(lower: nil, upper: value)]))
        case ">": .index(field, IndexValues([.init(lower: value + 1, upper: nil)]))
        default: .index(field, IndexValues([.init(lower: value, upper: nil)]))
        }
    }

    /// Several alternatives as one: values of one field merged ("row 1 or 2"), else any of them.
    static func merged(_ conditions: [CodeCondition]) -> CodeCondition {
        guard conditions.count > 1 else { return conditions[0] }
        var field: IndexPathField?
        var ranges: [IndexValues.Range] = []
        for condition in conditions {
            guard case .index(let own, let values) = condition, field == nil || field == own else { return .any(conditions) }
            field = own
            ranges += values.ranges
        }
        return .index(field!, IndexValues(ranges))
    }

    /// Whether it is on the index path only (no text of its own).
    private static func isPlain(_ condition: CodeCondition) -> Bool {
        switch condition {
        case .text, .named: false
        case .index: true
        case .not(let inner): isPlain(inner)
        case .all(let parts), .any(let parts): parts.allSatisfy(isPlain)
        }
    }

    // MARK: Text

    /// An integer literal, or a constant of the file.
    func integer(_ source: String) -> Int? {
        let written = Self.unparenthesized(Self.trimmed(source))
        for prefix in ["", "self.", "Self."] where written.hasPrefix(prefix) {
            if let value = constants[String(written.dropFirst(prefix.count))] { return value }
        }
        var text = Substring(written)
        // C's suffixes: `2u`, `2L`.
        while let last = text.last, "uUlL".contains(last), text.count > 1 { text = text.dropLast() }
        guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return nil }
        return Int(text)
    }

    static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// The inside of `( … )` when those parentheses enclose the whole text.
    static func enclosed(_ text: String) -> String? {
        guard text.hasPrefix("("), text.hasSuffix(")") else { return nil }
        let characters = Array(text)
        var depth = 0
        for (offset, character) in characters.enumerated() {
            if "([{".contains(character) { depth += 1 }
            if ")]}".contains(character) {
                depth -= 1
                if depth == 0 && offset < characters.count - 1 { return nil }
            }
        }
        return String(characters.dropFirst().dropLast())
    }

    static func unparenthesized(_ text: String) -> String {
        var text = text
        while let inner = enclosed(text) { text = trimmed(inner) }
        return text
    }

    /// `text` split at `separator` where it stands outside brackets and string literals; an
    /// operator is not taken as a part of a longer one (`<` of `<=`, `<<`, `->`).
    static func split(_ text: String, _ separator: String) -> [String] {
        let characters = Array(text)
        let wanted = Array(separator)
        var parts: [String] = []
        var depth = 0
        var start = 0
        var index = 0
        var quote: Character?
        let operatorCharacters: Set<Character> = ["=", "!", "<", ">", "&", "|", "-", "+", "*", "/", "%", "."]
        while index < characters.count {
            let character = characters[index]
            if let open = quote {
                if character == "\\" { index += 2; continue }
                if character == open { quote = nil }
                index += 1
                continue
            }
            if character == "\"" { quote = character; index += 1; continue }
            if "([{".contains(character) { depth += 1 }
            if ")]}".contains(character) { depth -= 1 }
            if depth == 0, index + wanted.count <= characters.count, Array(characters[index..<index + wanted.count]) == wanted {
                let before = index > 0 ? characters[index - 1] : " "
                let after = index + wanted.count < characters.count ? characters[index + wanted.count] : " "
                if wanted == [","] || !(operatorCharacters.contains(before) || operatorCharacters.contains(after)) {
                    parts.append(String(characters[start..<index]))
                    index += wanted.count
                    start = index
                    continue
                }
            }
            index += 1
        }
        parts.append(String(characters[start...]))
        return parts
    }
}
