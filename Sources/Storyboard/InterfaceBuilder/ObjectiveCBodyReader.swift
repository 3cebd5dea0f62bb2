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

    init(bytes: [UInt8], start: Int, end: Int) {
        self.bytes = bytes
        self.start = start
        self.end = end
    }

    mutating func read() {
        collectAssignments(start, end)
        statements(start, end, when: [])
    }

    // MARK: Statements

    private mutating func statements(_ from: Int, _ to: Int, when: [String]) {
        var index = from
        while true {
            index = skipSpace(index, to)
            guard index < to else { return }
            index = statement(index, to, when: when)
        }
    }

    /// Reads the statement at `index`; the index after it.
    private mutating func statement(_ index: Int, _ to: Int, when: [String]) -> Int {
        if bytes[index] == UInt8(ascii: "{") {
            let close = matching(index, to)
            statements(index + 1, close, when: when)
            return close + 1
        }
        if word(at: index, "if") {
            var open = skipSpace(index + 2, to)
            guard open < to, bytes[open] == UInt8(ascii: "(") else { return simple(index, to, when: when) }
            let close = matching(open, to)
            let condition = text(open + 1, close)
            let after = statement(skipSpace(close + 1, to), to, when: when + [condition])
            open = skipSpace(after, to)
            if open < to, word(at: open, "else") {
                return statement(skipSpace(open + 4, to), to, when: when + ["not (\(condition))"])
            }
            return after
        }
        if word(at: index, "switch") {
            let open = skipSpace(index + 6, to)
            guard open < to, bytes[open] == UInt8(ascii: "(") else { return simple(index, to, when: when) }
            let close = matching(open, to)
            let subject = text(open + 1, close)
            let body = skipSpace(close + 1, to)
            guard body < to, bytes[body] == UInt8(ascii: "{") else { return simple(index, to, when: when) }
            let bodyEnd = matching(body, to)
            switchCases(body + 1, bodyEnd, subject: subject, when: when)
            return bodyEnd + 1
        }
        for loop in ["for", "while", "do", "@autoreleasepool", "@try", "@catch", "@finally"] where word(at: index, loop) {
            var next = skipSpace(index + loop.utf8.count, to)
            if next < to, bytes[next] == UInt8(ascii: "(") { next = skipSpace(matching(next, to) + 1, to) }
            return next < to ? statement(next, to, when: when) : to
        }
        return simple(index, to, when: when)
    }

    /// `case X:` … up to the next label at the switch's own depth.
    private mutating func switchCases(_ from: Int, _ to: Int, subject: String, when: [String]) {
        var labels: [(label: String, bodyStart: Int, labelStart: Int)] = []
        var index = from
        while index < to {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { index = ObjectiveCNavigationReader.skipLiteral(bytes, index); continue }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { index = matching(index, to) + 1; continue }
            if word(at: index, "case") || word(at: index, "default") {
                var colon = index
                while colon < to, bytes[colon] != UInt8(ascii: ":") { colon += 1 }
                let label = word(at: index, "default") ? "\(subject) is none of the cases above" : "\(subject) is \(text(index + 4, colon))"
                labels.append((label, colon + 1, index))
                index = colon + 1
                continue
            }
            index += 1
        }
        for (position, entry) in labels.enumerated() {
            let caseEnd = position + 1 < labels.count ? labels[position + 1].labelStart : to
            statements(entry.bodyStart, caseEnd, when: when + [entry.label])
        }
    }

    /// A statement up to its `;` at depth 0: its messages, blocks read apart.
    private mutating func simple(_ index: Int, _ to: Int, when: [String]) -> Int {
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
    private mutating func messages(_ from: Int, _ to: Int, when: [String], later: String?) {
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

    private mutating func record(_ message: Message, when: [String], later: String?) {
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
        let joined = when.isEmpty ? nil : when.joined(separator: " and ")
        if let later, !kind.isCall {
            operations.append(CodeOperation(.unread(reason: "\(message.selector) \(later)"), when: joined))
        } else {
            operations.append(CodeOperation(kind, when: joined))
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
