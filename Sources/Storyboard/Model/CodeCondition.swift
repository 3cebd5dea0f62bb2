/// The condition of a branch a navigation call sits in (spec §5.13): source text the reading does
/// not interpret, or, in a table or collection view's selection method, a condition on the selected
/// index path's section and row (`switch indexPath.row`, `if indexPath.section == 1`), which a
/// static cell, whose section and row the storyboard fixes, decides.
public indirect enum CodeCondition: Sendable, Equatable {
    /// A condition as written, not interpreted.
    case text(String)
    /// The index path's `section` or `row` (`item`) is one of `values`.
    case index(IndexPathField, IndexValues)
    case not(CodeCondition)
    case all([CodeCondition])
    case any([CodeCondition])
    /// `condition`, shown as `text` (a `default:` of cases not all read: "… is none of the cases above").
    case named(String, CodeCondition)

    /// Whether any part of it is on the index path.
    public var isOnIndexPath: Bool {
        switch self {
        case .text: false
        case .index: true
        case .not(let inner), .named(_, let inner): inner.isOnIndexPath
        case .all(let parts), .any(let parts): parts.contains(where: \.isOnIndexPath)
        }
    }

    /// What the condition comes to for the cell at `section`, `row`: true, false, or what remains
    /// undecided (the parts not on the index path).
    public func decided(section: Int, row: Int) -> Decision {
        switch self {
        case .text: return .undecided(self)
        case .index(let field, let values): return values.contains(field == .section ? section : row) ? .yes : .no
        case .not(let inner):
            switch inner.decided(section: section, row: row) {
            case .yes: return .no
            case .no: return .yes
            case .undecided(let rest): return .undecided(.not(rest))
            }
        case .named(let text, let inner):
            switch inner.decided(section: section, row: row) {
            case .undecided: return .undecided(.named(text, inner))
            case let decided: return decided
            }
        case .all(let parts):
            var rest: [CodeCondition] = []
            for part in parts {
                switch part.decided(section: section, row: row) {
                case .no: return .no
                case .yes: continue
                case .undecided(let left): rest.append(left)
                }
            }
            return rest.isEmpty ? .yes : .undecided(rest.count == 1 ? rest[0] : .all(rest))
        case .any(let parts):
            var rest: [CodeCondition] = []
            for part in parts {
                switch part.decided(section: section, row: row) {
                case .yes: return .yes
                case .no: continue
                case .undecided(let left): rest.append(left)
                }
            }
            return rest.isEmpty ? .no : .undecided(rest.count == 1 ? rest[0] : .any(rest))
        }
    }

    public enum Decision: Sendable, Equatable {
        case yes, no
        case undecided(CodeCondition)
    }

    /// How a chooser shows it: "row 2", "section 1, row 0", "a row other than 0, 1 or 2",
    /// the source text of what is not on the index path.
    public var text: String {
        switch self {
        case .text(let text), .named(let text, _): return text
        case .index(let field, let values): return "\(field.rawValue) \(values.text)"
        case .not(.index(let field, let values)): return "a \(field.rawValue) other than \(values.text)"
        case .not(let inner): return "not (\(inner.text))"
        case .all(let parts):
            if parts.allSatisfy({ if case .index = $0 { true } else { false } }) { return parts.map(\.text).joined(separator: ", ") }
            return parts.map { part in if case .any = part { "(\(part.text))" } else { part.text } }.joined(separator: " and ")
        case .any(let parts):
            return parts.map { part in if case .all(let inner) = part, !inner.allSatisfy({ if case .index = $0 { true } else { false } }) { "(\(part.text))" } else { part.text } }
                .joined(separator: " or ")
        }
    }
}

extension CodeCondition {
    /// Conditions of nested branches as one text, outermost first, joined by " and ": what the API
    /// shows as `when`. A condition another implies is left out (`a row other than 0` beside
    /// `row 2`, what an `else if` chain gives), and one said already, and a section with the row after it reads
    /// "section 1, row 0".
    public static func text(of conditions: [CodeCondition]) -> String? {
        let kept = conditions.enumerated().filter { offset, condition in
            // The same condition twice (a guard's and an inner if's) is said once.
            if conditions[..<offset].contains(condition) { return false }
            guard case .not(.index(let field, let excluded)) = condition else { return true }
            return !conditions.enumerated().contains { other, implying in
                guard other != offset, case .index(field, let values) = implying else { return false }
                return values.isDisjoint(with: excluded)
            }
        }.map(\.element)
        guard !kept.isEmpty else { return nil }
        var text = kept[0].text
        for (previous, condition) in zip(kept, kept.dropFirst()) {
            if case .index(.section, _) = previous, case .index(.row, _) = condition {
                text += ", " + condition.text
            } else {
                text += " and " + condition.text
            }
        }
        return text
    }
}

extension CodeCondition {
    /// Whether `component` (one " and " part of a `when`) holds whenever all of `components` (those
    /// of a chosen `when`) do: it is one of them, or it excludes a section or row (`a row other
    /// than 0`) that one of them rules out (`row 2`, `section 1, row 2`). Read from the texts, as a
    /// tap's choice is, so that an operation under `a row other than 0` runs with the choice
    /// `row 2`, whose text leaves that implied condition out.
    public static func isImplied(_ component: String, by components: [String]) -> Bool {
        if components.contains(component) { return true }
        guard let (field, excluded) = excludedValues(component) else { return false }
        return components.contains { other in
            guard let values = includedValues(other)[field] else { return false }
            return values.isDisjoint(with: excluded)
        }
    }

    /// `a row other than 0, 1 or 2` → (row, 0, 1, 2).
    private static func excludedValues(_ text: String) -> (IndexPathField, IndexValues)? {
        for field in [IndexPathField.section, .row] {
            let prefix = "a \(field.rawValue) other than "
            if text.hasPrefix(prefix), let values = IndexValues(text: String(text.dropFirst(prefix.count))) { return (field, values) }
        }
        return nil
    }

    /// `section 1, row 2` → [section: 1, row: 2]; `row 1 or 2` → [row: 1, 2].
    private static func includedValues(_ text: String) -> [IndexPathField: IndexValues] {
        var parts = [text]
        if text.hasPrefix("section "), let comma = text.firstRange(of: ", row ") {
            parts = [String(text[..<comma.lowerBound]), "row " + text[comma.upperBound...]]
        }
        var result: [IndexPathField: IndexValues] = [:]
        for part in parts {
            for field in [IndexPathField.section, .row] where part.hasPrefix(field.rawValue + " ") {
                if let values = IndexValues(text: String(part.dropFirst(field.rawValue.count + 1))) { result[field] = values }
            }
        }
        return result
    }
}

/// The part of an index path a selection method's condition reads: `indexPath.section`, or its
/// `row` (`item` in a collection view, the same number).
public enum IndexPathField: String, Sendable, Equatable {
    case section, row
}

/// A set of section or row numbers: ranges, each bound optional (`3...` is "3 or later").
public struct IndexValues: Sendable, Equatable {
    public struct Range: Sendable, Equatable {
        public var lower: Int?
        public var upper: Int?
        public init(lower: Int?, upper: Int?) {
            self.lower = lower
            self.upper = upper
        }
    }

    public var ranges: [Range]

    public init(_ ranges: [Range]) { self.ranges = ranges }
    public init(values: [Int]) { ranges = values.map { Range(lower: $0, upper: $0) } }

    /// Whether no number is in both.
    public func isDisjoint(with other: IndexValues) -> Bool {
        !ranges.contains { mine in
            other.ranges.contains { theirs in
                let lower = [mine.lower, theirs.lower].compactMap { $0 }.max()
                let upper = [mine.upper, theirs.upper].compactMap { $0 }.min()
                guard let lower, let upper else { return true }
                return lower <= upper
            }
        }
    }

    public func contains(_ value: Int) -> Bool {
        ranges.contains { ($0.lower.map { value >= $0 } ?? true) && ($0.upper.map { value <= $0 } ?? true) }
    }

    /// The values ``text`` writes, read back; nil for any other text.
    public init?(text: String) {
        func range(_ piece: String) -> Range? {
            let words = piece.split(separator: " ").map(String.init)
            switch words.count {
            case 1: return Int(words[0]).map { Range(lower: $0, upper: $0) }
            case 3 where words[1] == "to": return Int(words[0]).flatMap { lower in Int(words[2]).map { Range(lower: lower, upper: $0) } }
            case 3 where words[1] == "or" && words[2] == "later": return Int(words[0]).map { Range(lower: $0, upper: nil) }
            case 3 where words[1] == "or" && words[2] == "earlier": return Int(words[0]).map { Range(lower: nil, upper: $0) }
            default: return nil
            }
        }
        var pieces = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0.drop { $0 == " " }) }
        let last = pieces.removeLast()
        if pieces.isEmpty, let single = range(last) {
            self.init([single])
            return
        }
        guard let or = last.firstRange(of: " or ") else { return nil }
        pieces += [String(last[..<or.lowerBound]), String(last[or.upperBound...])]
        let ranges = pieces.compactMap(range)
        guard ranges.count == pieces.count else { return nil }
        self.init(ranges)
    }

    /// "2", "1 or 2", "0, 1 or 3 to 5", "3 or later".
    public var text: String {
        let pieces = ranges.map { range -> String in
            switch (range.lower, range.upper) {
            case (let lower?, let upper?) where lower == upper: "\(lower)"
            case (let lower?, let upper?): "\(lower) to \(upper)"
            case (let lower?, nil): "\(lower) or later"
            case (nil, let upper?): "\(upper) or earlier"
            case (nil, nil): "any"
            }
        }
        guard pieces.count > 1 else { return pieces.first ?? "none" }
        return pieces.dropLast().joined(separator: ", ") + " or " + pieces.last!
    }
}
