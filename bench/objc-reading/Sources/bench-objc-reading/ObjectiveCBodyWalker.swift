import ClangIndex
import Storyboard

/// One Objective-C method body as libclang parsed it, read for its navigation messages
/// (``ObjectiveCMessage``): statements in order, `if`/`else` and `switch` giving their conditions'
/// text, blocks whose messages run later, and the variables the body assigns (for the controller it
/// presents). The structure is clang's; the texts (receivers, arguments, conditions) are the file's.
struct ObjectiveCBodyWalker {
    let bytes: [UInt8]
    private(set) var operations: [CodeOperation] = []
    /// Variables assigned in the body (`UIViewController *vc = …;`, `vc = …;`) to their first value.
    private var assignments: [String: String] = [:]

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func read(_ body: ClangNode) {
        collectAssignments(body)
        statement(body, when: [])
    }

    private static let loops: Set<Int32> = [207, 208, 209, 220]  // for, while, do, for … in
    private static let blocksOfStatements: Set<Int32> = [216, 217, 218, 221]  // @try, @catch, @finally, @autoreleasepool

    private mutating func statement(_ node: ClangNode, when: [String]) {
        switch node.kind {
        case .compoundStmt:
            node.children.forEach { statement($0, when: when) }
        case .ifStmt where node.children.count >= 2:
            let condition = text(node.children[0])
            statement(node.children[1], when: when + [condition])
            if node.children.count > 2 { statement(node.children[2], when: when + ["not (\(condition))"]) }
        case .switchStmt where node.children.count >= 2:
            switchCases(node.children.last!, subject: text(node.children[0]), when: when)
        case .caseStmt, .defaultStmt:
            if let last = node.children.last { statement(last, when: when) }
        case let kind where Self.loops.contains(kind.rawValue):
            if let body = node.children.last { statement(body, when: when) }
        case let kind where Self.blocksOfStatements.contains(kind.rawValue):
            node.children.forEach { statement($0, when: when) }
        default:
            messages(node, when: when, later: nil)
        }
    }

    /// The statements of a switch's body, each under the label before it: `case X:` is
    /// "subject is X", `default:` "subject is none of the cases above".
    private mutating func switchCases(_ body: ClangNode, subject: String, when: [String]) {
        var label: String? = nil
        for child in body.kind == .compoundStmt ? body.children : [body] {
            var node = child
            while node.kind == .caseStmt || node.kind == .defaultStmt {
                label = node.kind == .defaultStmt ? "\(subject) is none of the cases above" : "\(subject) is \(text(node.children.first!))"
                guard node.children.count >= (node.kind == .caseStmt ? 2 : 1) else { break }
                node = node.children.last!
            }
            if node.kind == .caseStmt || node.kind == .defaultStmt { continue }
            statement(node, when: when + (label.map { [$0] } ?? []))
        }
    }

    /// Every message under `node` in source order (a message before those in its receiver and
    /// arguments); those in a block are `later`.
    private mutating func messages(_ node: ClangNode, when: [String], later: String?) {
        if node.kind == .blockExpr {
            node.children.forEach { messages($0, when: when, later: later ?? "in a block, which runs later or not at all") }
            return
        }
        if node.kind == .objCMessageExpr, let message = message(node),
            let operation = message.operation(when: when, later: later, assignments: assignments)
        {
            operations.append(operation)
        }
        node.children.forEach { messages($0, when: when, later: later) }
    }

    /// `[receiver piece:argument piece:argument]`, its texts cut at the selector pieces clang found.
    private func message(_ node: ClangNode) -> ObjectiveCMessage? {
        let pieces = node.selectorPieces
        guard let first = pieces.first, node.start < first, node.end <= bytes.count, bytes[node.start] == UInt8(ascii: "["),
            zip(pieces, pieces.dropFirst()).allSatisfy({ $0 < $1 }), pieces.last! < node.end
        else { return nil }
        // Clang leaves the selector out of a message it could not check; the pieces' text gives it.
        let selector = node.spelling.isEmpty ? pieces.map { piece -> String in
            var end = piece
            while end < node.end, bytes[end] == UInt8(ascii: "_") || (bytes[end] | 0x20 >= 97 && bytes[end] | 0x20 <= 122) || (bytes[end] >= 48 && bytes[end] <= 57) { end += 1 }
            let name = String(decoding: bytes[piece..<end], as: UTF8.self)
            while end < node.end, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\n") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
            return end < node.end && bytes[end] == UInt8(ascii: ":") ? name + ":" : name
        }.joined() : node.spelling
        var arguments: [String] = []
        if selector.hasSuffix(":") {
            for (position, piece) in pieces.enumerated() {
                var colon = piece
                while colon < node.end, bytes[colon] != UInt8(ascii: ":") { colon += 1 }
                let end = position + 1 < pieces.count ? pieces[position + 1] : node.end - 1
                arguments.append(text(colon + 1, end))
            }
        }
        return ObjectiveCMessage(receiver: text(node.start + 1, first), selector: selector, arguments: arguments)
    }

    // MARK: Variables

    private mutating func collectAssignments(_ node: ClangNode) {
        if node.kind == .varDecl, let value = node.children.last, value.start > node.start,
            text(node.start, value.start).hasSuffix("="), assignments[node.spelling] == nil
        {
            assignments[node.spelling] = text(value)
        }
        if node.kind == .binaryOperator, node.children.count == 2, text(node.children[0].end, node.children[1].start) == "=" {
            let name = text(node.children[0])
            if assignments[name] == nil { assignments[name] = text(node.children[1]) }
        }
        node.children.forEach { collectAssignments($0) }
    }

    // MARK: Text

    private func text(_ node: ClangNode) -> String { text(node.start, node.end) }

    /// Source text on one line, runs of white space made one space.
    private func text(_ from: Int, _ to: Int) -> String {
        guard from < to, to <= bytes.count else { return "" }
        return String(decoding: bytes[from..<to], as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }
}
