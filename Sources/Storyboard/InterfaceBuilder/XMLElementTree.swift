import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One element of an XML document, with where it starts (for messages that name a place).
final class XMLElementNode {
    let name: String
    let attributes: [String: String]
    let line: Int
    let column: Int
    fileprivate(set) var children: [XMLElementNode] = []
    fileprivate(set) weak var parent: XMLElementNode?
    /// The character data of a `<string>` element: Interface Builder writes a text with line breaks
    /// as `<string key="text">…</string>` instead of an attribute. Other elements keep none.
    fileprivate(set) var text: String?

    init(name: String, attributes: [String: String], line: Int, column: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
        self.column = column
    }

    subscript(attribute: String) -> String? { attributes[attribute] }

    /// The attribute `key`, or the text of the child `<string key="key">` IB writes instead when
    /// the value has line breaks.
    func value(_ key: String) -> String? {
        attributes[key] ?? children.first { $0.name == "string" && $0["key"] == key }?.text
    }

    func children(named name: String) -> [XMLElementNode] { children.filter { $0.name == name } }

    func child(named name: String) -> XMLElementNode? { children.first { $0.name == name } }

    /// Every descendant, depth-first in document order.
    func descendants(where include: (XMLElementNode) -> Bool) -> [XMLElementNode] {
        var result: [XMLElementNode] = []
        var stack = Array(children.reversed())
        while let node = stack.popLast() {
            if include(node) { result.append(node) }
            stack.append(contentsOf: node.children.reversed())
        }
        return result
    }
}

/// Parses XML with the toolchain's parser into ``XMLElementNode``s.
///
/// Documents with a DTD or entity declarations are refused before parsing (XXE, entity expansion);
/// external entities are never resolved.
enum XMLElementTree {
    /// Deepest nesting accepted (libxml2's own default limit). The storyboards in the acceptance set
    /// nest 17 deep; a document of a few hundred kilobytes can nest 100,000 deep, and releasing a tree
    /// that deep recursed once per level until the thread's stack ran out.
    static let maxDepth = 256

    static func parse(_ data: Data) throws(StoryboardError) -> XMLElementNode {
        try refuseDeclarations(data)
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        let builder = Builder(parser: parser)
        parser.delegate = builder
        let parsed = parser.parse()
        // libxml2 recovers from some errors and still reports success, so an error the delegate
        // heard of fails the parse too.
        guard parsed, builder.errorLine == nil, let root = builder.root else {
            let line = builder.errorLine ?? parser.lineNumber
            let column = builder.errorColumn ?? parser.columnNumber
            let reason = builder.tooDeep
                ? "elements are nested more than \(maxDepth) deep"
                : parser.parserError.map { Self.describe($0) } ?? "not well-formed XML"
            throw StoryboardError(kind: .malformed, issues: [.init(path: "", message: reason, line: line, column: column)])
        }
        return root
    }

    /// A DTD can declare entities that expand without bound or read local files; a storyboard never
    /// has one, so any `<!DOCTYPE` or `<!ENTITY` is refused outright.
    private static func refuseDeclarations(_ data: Data) throws(StoryboardError) {
        for marker in ["<!DOCTYPE", "<!ENTITY"] {
            guard let range = data.range(of: Data(marker.utf8)) else { continue }
            let before = data[data.startIndex..<range.lowerBound]
            let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            let column = before.count - (before.lastIndex(of: 0x0A).map { $0 - data.startIndex + 1 } ?? 0) + 1
            throw StoryboardError(
                kind: .refused,
                issues: [.init(path: "", message: "documents with \(marker) declarations are refused (DTDs and entities are not allowed)", line: line, column: column)])
        }
    }

    private static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        return "not well-formed XML (parser error \(nsError.code))"
    }

    private final class Builder: NSObject, XMLParserDelegate {
        weak var parser: XMLParser?
        var root: XMLElementNode?
        var stack: [XMLElementNode] = []
        var errorLine: Int?
        var errorColumn: Int?
        var tooDeep = false

        init(parser: XMLParser) { self.parser = parser }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard stack.count < XMLElementTree.maxDepth else {
                if errorLine == nil { (tooDeep, errorLine, errorColumn) = (true, parser.lineNumber, parser.columnNumber) }
                parser.abortParsing()
                return
            }
            let node = XMLElementNode(name: elementName, attributes: attributes, line: parser.lineNumber, column: parser.columnNumber)
            if let parent = stack.last {
                node.parent = parent
                parent.children.append(node)
            } else {
                root = node
            }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let node = stack.last, node.name == "string" else { return }
            node.text = (node.text ?? "") + string
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if errorLine == nil {
                errorLine = parser.lineNumber
                errorColumn = parser.columnNumber
            }
        }
    }
}
