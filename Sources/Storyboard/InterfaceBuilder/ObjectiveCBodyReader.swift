import Foundation

/// One Objective-C method body read for its navigation messages (``ObjectiveCNavigationReader``):
/// statements, `if`/`else` and `switch` with their conditions, blocks whose messages run later,
/// and the variables the body assigns (for the controller it presents).
struct BodyReader {
    let bytes: [UInt8]
    let start: Int
    let end: Int
    private(set) var operations: [CodeOperation] = []
    /// Variables assigned in the body (`UIViewController *vc = …;`, `vc = …;`) to their first value.
    private var assignments: [String: String] = [:]
    /// How branch conditions are read: on the index path in a selection method.
    private var conditions: IndexPathConditions

    /// - Parameters:
    ///   - indexPaths: in a selection method (`tableView:didSelectRowAtIndexPath:`), its index path
    ///     parameter's name, whose `section` and `row` the conditions are read on.
    ///   - constants: the file's integer constants, which those conditions may compare with.
    init(bytes: [UInt8], start: Int, end: Int, indexPaths: Set<String> = [], constants: [String: Int] = [:]) {
        self.bytes = bytes
        self.start = start
        self.end = end
        conditions = IndexPathConditions(paths: indexPaths, constants: indexPaths.isEmpty ? [:] : constants)
    }

    mutating func read() {
        collectAssignments(start, end)
        if !conditions.paths.isEmpty {
            // `NSInteger row = indexPath.row;`: the variable reads as the row.
            for (name, value) in assignments where name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                if let field = conditions.field(value) { conditions.aliases[name] = field }
            }
        }
        statements(start, end, when: [])
    }

    // MARK: Statements

    /// The statements between `from` and `to`. Preprocessor conditionals among them (`#if DEBUG`,
    /// `#ifdef X`, `#elif`, `#else`) make their statements alternatives, one per branch, as only one
    /// is compiled; an `if` without `else` that returns puts what follows under its negation.
    private mutating func statements(_ from: Int, _ to: Int, when: [CodeCondition]) {
        var index = from
        var when = when
        var branches = PreprocessorBranches()
        while true {
            index = skipSpace(index, to)
            guard index < to else { return }
            if bytes[index] == UInt8(ascii: "#") {
                index = directive(index, to, &branches)
                continue
            }
            let inner = when + branches.conditions
            var after: CodeCondition?
            index = statement(index, to, when: inner, after: &after)
            if let after { when.append(after) }
        }
    }

    /// A preprocessor line at `index` read into `branches`; the index after it.
    private func directive(_ index: Int, _ to: Int, _ branches: inout PreprocessorBranches) -> Int {
        var lineEnd = index
        while lineEnd < to, bytes[lineEnd] != UInt8(ascii: "\n") {
            if bytes[lineEnd] == UInt8(ascii: "\\"), lineEnd + 1 < to, bytes[lineEnd + 1] == UInt8(ascii: "\n") { lineEnd += 2; continue }
            lineEnd += 1
        }
        branches.read(text(index + 1, lineEnd))
        return lineEnd
    }

    /// Reads the statement at `index`; the index after it. `after`: the condition what follows
    /// runs under, for an `if` that leaves the method.
    private mutating func statement(_ index: Int, _ to: Int, when: [CodeCondition], after: inout CodeCondition?) -> Int {
        if bytes[index] == UInt8(ascii: "{") {
            let close = matching(index, to)
            statements(index + 1, close, when: when)
            return close + 1
        }
        var ignored: CodeCondition?
        if word(at: index, "if") {
            var open = skipSpace(index + 2, to)
            guard open < to, bytes[open] == UInt8(ascii: "(") else { return simple(index, to, when: when) }
            let close = matching(open, to)
            let condition = text(open + 1, close)
            // The condition's own messages run first, whichever branch follows.
            messages(open + 1, close, when: when, later: nil)
            let thenStart = skipSpace(close + 1, to)
            let afterThen = statement(thenStart, to, when: when + conditions.conjuncts([condition], written: condition), after: &ignored)
            open = skipSpace(afterThen, to)
            if open < to, word(at: open, "else") {
                return statement(skipSpace(open + 4, to), to, when: when + [conditions.negation([condition], written: condition)], after: &ignored)
            }
            if exits(thenStart, afterThen) { after = conditions.negation([condition], written: condition) }
            return afterThen
        }
        if word(at: index, "switch") {
            let open = skipSpace(index + 6, to)
            guard open < to, bytes[open] == UInt8(ascii: "(") else { return simple(index, to, when: when) }
            let close = matching(open, to)
            let subject = text(open + 1, close)
            messages(open + 1, close, when: when, later: nil)
            let body = skipSpace(close + 1, to)
            guard body < to, bytes[body] == UInt8(ascii: "{") else { return simple(index, to, when: when) }
            let bodyEnd = matching(body, to)
            switchCases(body + 1, bodyEnd, subject: subject, when: when)
            return bodyEnd + 1
        }
        for loop in ["for", "while", "do", "@autoreleasepool", "@try", "@catch", "@finally"] where word(at: index, loop) {
            var next = skipSpace(index + loop.utf8.count, to)
            if next < to, bytes[next] == UInt8(ascii: "(") {
                let close = matching(next, to)
                // A loop's header runs (`for (… in [self items])`, `while ([self more])`).
                messages(next + 1, close, when: when, later: nil)
                next = skipSpace(close + 1, to)
            }
            return next < to ? statement(next, to, when: when, after: &ignored) : to
        }
        return simple(index, to, when: when)
    }

    /// Whether the statement between `from` and `to` always leaves the method: a `return` (or
    /// `@throw`), or a block whose last statement is one.
    private func exits(_ from: Int, _ to: Int, orBreaks: Bool = false) -> Bool {
        var last = text(from, to)
        while last.hasSuffix("}") || last.hasSuffix(";") {
            if last.hasSuffix(";") {
                let body = last.dropLast()
                let statementStart = body.lastIndex { $0 == ";" || $0 == "{" || $0 == "}" }.map { body.index(after: $0) } ?? body.startIndex
                let statement = body[statementStart...].drop { $0 == " " }
                let leaving = orBreaks ? ["return", "@throw", "break", "continue", "goto"] : ["return", "@throw"]
                return leaving.contains { statement == $0 || statement.hasPrefix($0 + " ") || statement.hasPrefix($0 + "(") }
            }
            last = String(last.dropLast()).trimmed
        }
        return false
    }

    /// `case X:` … up to the next label at the switch's own depth. A case's statements run for its
    /// label and for the labels before it that fall through to it (no `break` or `return` between).
    private mutating func switchCases(_ from: Int, _ to: Int, subject: String, when: [CodeCondition]) {
        var labels: [(pattern: String?, bodyStart: Int, labelStart: Int)] = []
        var index = from
        while index < to {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { index = ObjectiveCNavigationReader.skipLiteral(bytes, index); continue }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { index = matching(index, to) + 1; continue }
            if word(at: index, "case") || word(at: index, "default") {
                var colon = index
                while colon < to, bytes[colon] != UInt8(ascii: ":") { colon += 1 }
                labels.append((word(at: index, "default") ? nil : text(index + 4, colon), colon + 1, index))
                index = colon + 1
                continue
            }
            index += 1
        }
        let cases = labels.compactMap(\.pattern).map { pattern in
            conditions.caseCondition(subject: subject, items: [.init(pattern: pattern)], written: pattern)
        }
        var falling: [CodeCondition] = []
        for (position, entry) in labels.enumerated() {
            let caseEnd = position + 1 < labels.count ? labels[position + 1].labelStart : to
            let own = entry.pattern.map { conditions.caseCondition(subject: subject, items: [.init(pattern: $0)], written: $0) }
                ?? conditions.defaultCondition(subject: subject, cases: cases)
            falling.append(own)
            let label = falling.count == 1 ? own : (falling.allSatisfy(\.isOnIndexPath) ? IndexPathConditions.merged(falling) : .any(falling))
            statements(entry.bodyStart, caseEnd, when: when + [label])
            // A body that ends in `break` (or leaves) closes the group; one that does not falls
            // through into the next case's, and an empty one is a label of the next.
            if exits(entry.bodyStart, caseEnd, orBreaks: true) { falling = [] }
        }
    }

    /// A statement up to its `;` at depth 0: its messages, blocks read apart.
    private mutating func simple(_ index: Int, _ to: Int, when: [CodeCondition]) -> Int {
        var end = index
        while end < to, bytes[end] != UInt8(ascii: ";") {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { end = ObjectiveCNavigationReader.skipLiteral(bytes, end); continue }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { end = matching(end, to) + 1; continue }
            end += 1
        }
        messages(index, min(end, to), when: when, later: nil)
        return end + 1
    }

    // MARK: Messages

    /// Every message between `from` and `to` in source order; those in a block are `later`.
    private mutating func messages(_ from: Int, _ to: Int, when: [CodeCondition], later: String?) {
        var index = from
        while index < to {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { index = ObjectiveCNavigationReader.skipLiteral(bytes, index); continue }
            if byte == UInt8(ascii: "^") {
                var open = index + 1
                while open < to, bytes[open] != UInt8(ascii: "{"), bytes[open] != UInt8(ascii: ";") { open += 1 }
                if open < to, bytes[open] == UInt8(ascii: "{") {
                    let close = matching(open, to)
                    messages(open + 1, close, when: when, later: later ?? "in a block, which runs later or not at all")
                    index = close + 1
                    continue
                }
            }
            if byte == UInt8(ascii: "[") {
                let close = matching(index, to)
                if let message = message(index + 1, close) { record(message, when: when, later: later) }
            }
            index += 1
        }
    }

    private struct Message {
        var receiver: String
        var selector: String
        var arguments: [String]
    }

    /// `[receiver piece:argument piece:argument]` between its brackets.
    private func message(_ from: Int, _ to: Int) -> Message? {
        var index = skipSpace(from, to)
        guard index < to else { return nil }
        let receiverStart = index
        while index < to, !isSpace(bytes[index]) {
            if bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "(") { index = matching(index, to) + 1; continue }
            index += 1
        }
        let receiver = text(receiverStart, index)
        var selector = ""
        var arguments: [String] = []
        index = skipSpace(index, to)
        while index < to {
            let wordStart = index
            while index < to, isWordByte(bytes[index]) { index += 1 }
            guard index > wordStart else { return nil }
            let piece = text(wordStart, index)
            index = skipSpace(index, to)
            guard index < to, bytes[index] == UInt8(ascii: ":") else {
                return selector.isEmpty ? Message(receiver: receiver, selector: piece, arguments: []) : nil
            }
            selector += piece + ":"
            index += 1
            // The argument runs to the next `word:` at this depth.
            let argumentStart = index
            var argumentEnd = to
            var scan = index
            while scan < to {
                let byte = bytes[scan]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { scan = ObjectiveCNavigationReader.skipLiteral(bytes, scan); continue }
                if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") { scan = matching(scan, to) + 1; continue }
                if isSpace(byte) {
                    var next = skipSpace(scan, to)
                    let nextWord = next
                    while next < to, isWordByte(bytes[next]) { next += 1 }
                    if next > nextWord, skipSpace(next, to) < to, bytes[skipSpace(next, to)] == UInt8(ascii: ":") {
                        argumentEnd = scan
                        break
                    }
                }
                scan += 1
            }
            arguments.append(text(argumentStart, argumentEnd))
            index = skipSpace(argumentEnd, to)
        }
        return selector.isEmpty ? nil : Message(receiver: receiver, selector: selector, arguments: arguments)
    }

    static let containerReceivers: Set<String> = [
        "navigationController", "presentingViewController", "splitViewController", "tabBarController", "parentViewController",
    ]

    private mutating func record(_ message: Message, when: [CodeCondition], later: String?) {
        var receiver = message.receiver
        if receiver.hasPrefix("self.") { receiver.removeFirst(5) }
        if receiver.hasPrefix("[self "), receiver.hasSuffix("]") { receiver = String(receiver.dropFirst(6).dropLast()).trimmed }
        // `__weak typeof(self) weakSelf = self;` and its strong copy are the controller itself.
        if receiver == "weakSelf" || receiver == "strongSelf" { receiver = "self" }
        let onSelf = receiver == "self" || receiver == "super"
        let onContainer = onSelf || Self.containerReceivers.contains(receiver)
        func elsewhere(_ selector: String) -> CodeOperation.Kind {
            .unread(reason: "\(selector) is sent to \(message.receiver), not to the controller or its containers")
        }
        let kind: CodeOperation.Kind
        switch message.selector {
        case "dismissViewControllerAnimated:completion:", "dismissModalViewControllerAnimated:":
            kind = onContainer ? .dismiss : elsewhere(message.selector)
        case "popViewControllerAnimated:":
            kind = onContainer ? .pop : elsewhere(message.selector)
        case "popToRootViewControllerAnimated:":
            kind = onContainer ? .popToRoot : elsewhere(message.selector)
        case "performSegueWithIdentifier:sender:":
            if !onSelf {
                kind = elsewhere(message.selector)
            } else if let identifier = Self.literal(message.arguments[0]) {
                kind = .segue(identifier: identifier)
            } else {
                kind = .unread(reason: "performSegueWithIdentifier: with a computed identifier: \(message.arguments[0])")
            }
        case "presentViewController:animated:completion:", "presentModalViewController:animated:":
            kind = onContainer ? presentation(.present, message) : elsewhere(message.selector)
        case "pushViewController:animated:":
            kind = onContainer ? presentation(.push, message) : elsewhere(message.selector)
        case "showViewController:sender:":
            kind = onContainer ? presentation(.show, message) : elsewhere(message.selector)
        case "showDetailViewController:sender:":
            kind = onContainer ? presentation(.showDetail, message) : elsewhere(message.selector)
        default:
            if CodeOperation.isHandOff(receiver), !["respondsToSelector:", "conformsToProtocol:", "isKindOfClass:"].contains(message.selector) {
                kind = .unread(reason: "sends \(message.selector) to \(message.receiver), which may navigate")
                break
            }
            guard receiver == "self", let first = message.selector.first, first.isLowercase else { return }
            kind = .call(selector: message.selector, later: later)
        }
        if let later, !kind.isCall {
            operations.append(CodeOperation(.unread(reason: "\(message.selector) \(later)"), conditions: when))
        } else {
            operations.append(CodeOperation(kind, conditions: when))
        }
    }

    private func presentation(_ presentation: CodeOperation.Presentation, _ message: Message) -> CodeOperation.Kind {
        var argument = message.arguments[0]
        for _ in 0..<4 {
            if let value = assignments[argument] { argument = value } else { break }
        }
        guard let instantiate = argument.range(of: "instantiateViewControllerWithIdentifier:") else {
            // `[UIAlertController alertControllerWithTitle:…]`, `[[Foo alloc] init]`: the class it names.
            let maker = argument.drop { $0 == "[" || $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if argument != message.arguments[0] || argument.hasPrefix("["), !maker.isEmpty {
                return .unread(reason: "\(message.selector) of \(message.arguments[0]): a controller made by \(maker), not instantiated from a storyboard")
            }
            return .unread(reason: "\(message.selector) of \(message.arguments[0]): not a controller instantiated from a storyboard in this method")
        }
        let rest = argument[instantiate.upperBound...].trimmed
        guard let identifier = Self.literal(String(rest.prefix { $0 != "]" })) else {
            return .unread(reason: "\(message.selector) of \(message.arguments[0]): a computed storyboard identifier")
        }
        // The storyboard: the receiver of instantiateViewControllerWithIdentifier:.
        var storyboardText = String(argument[..<instantiate.lowerBound]).trimmed
        if storyboardText.hasPrefix("[") { storyboardText.removeFirst() }
        storyboardText = storyboardText.trimmed
        for _ in 0..<4 {
            if let value = assignments[storyboardText] { storyboardText = value } else { break }
        }
        if ["self.storyboard", "[self storyboard]", "self.navigationController.storyboard"].contains(storyboardText) {
            return .instantiate(presentation, storyboardIdentifier: identifier, storyboard: nil)
        }
        if let named = storyboardText.range(of: "storyboardWithName:") {
            let name = storyboardText[named.upperBound...].trimmed.prefix { $0 != " " && $0 != "]" }
            if let name = Self.literal(String(name)) {
                return .instantiate(presentation, storyboardIdentifier: identifier, storyboard: name)
            }
            return .unread(reason: "\(message.selector) of \(message.arguments[0]): a storyboard with a computed name")
        }
        return .unread(reason: "\(message.selector) of \(message.arguments[0]): instantiated from the storyboard \(storyboardText)")
    }

    /// `@"text"` → `text`.
    static func literal(_ text: String) -> String? {
        let text = text.trimmed
        guard text.hasPrefix("@\""), text.hasSuffix("\""), text.count >= 3 else { return nil }
        let inner = text.dropFirst(2).dropLast()
        guard !inner.contains("\"") else { return nil }
        return String(inner)
    }

    // MARK: Variables

    private mutating func collectAssignments(_ from: Int, _ to: Int) {
        var index = from
        var statementStart = from
        while index < to {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { index = ObjectiveCNavigationReader.skipLiteral(bytes, index); continue }
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") { index = matching(index, to) + 1; continue }
            if byte == UInt8(ascii: ";") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") { statementStart = index + 1 }
            if byte == UInt8(ascii: "="), index + 1 < to, bytes[index + 1] != UInt8(ascii: "="), index > from,
                !"=!<>+-*/|&".utf8.contains(bytes[index - 1])
            {
                var nameEnd = index
                while nameEnd > statementStart, isSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
                var nameStart = nameEnd
                while nameStart > statementStart, isWordByte(bytes[nameStart - 1]) || bytes[nameStart - 1] == UInt8(ascii: ".") { nameStart -= 1 }
                var valueEnd = index + 1
                while valueEnd < to, bytes[valueEnd] != UInt8(ascii: ";") {
                    let inner = bytes[valueEnd]
                    if inner == UInt8(ascii: "\"") || inner == UInt8(ascii: "'") { valueEnd = ObjectiveCNavigationReader.skipLiteral(bytes, valueEnd); continue }
                    if inner == UInt8(ascii: "[") || inner == UInt8(ascii: "(") || inner == UInt8(ascii: "{") { valueEnd = matching(valueEnd, to) + 1; continue }
                    valueEnd += 1
                }
                let name = text(nameStart, nameEnd)
                if !name.isEmpty, assignments[name] == nil { assignments[name] = text(index + 1, min(valueEnd, to)) }
                index = valueEnd
                continue
            }
            index += 1
        }
    }

    // MARK: Bytes

    private func matching(_ open: Int, _ to: Int) -> Int { ObjectiveCNavigationReader.matching(bytes, open, end: to) }

    private func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }

    private func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "@")
    }

    private func skipSpace(_ index: Int, _ to: Int) -> Int {
        var index = index
        while index < to, isSpace(bytes[index]) { index += 1 }
        return index
    }

    private func word(at index: Int, _ word: String) -> Bool {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= end, Array(bytes[index..<index + utf8.count]) == utf8 else { return false }
        if index > start, isWordByte(bytes[index - 1]) { return false }
        return index + utf8.count >= end || !isWordByte(bytes[index + utf8.count])
    }

    /// Source text on one line, runs of white space made one space.
    private func text(_ from: Int, _ to: Int) -> String {
        guard from < to else { return "" }
        return String(decoding: bytes[from..<to], as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }
}

private extension StringProtocol {
    var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" || $0 == "\n" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\n" }.reversed())
    }
}

private extension CodeOperation.Kind {
    var isCall: Bool { if case .call = self { true } else { false } }
}
