import Foundation

/// What a document must be before the XML parser (libxml2, through FoundationXML) gets it: UTF-8,
/// without a DTD or entity declarations, and without elements carrying thousands of attributes.
///
/// Why here and not in the parser's delegate: FoundationXML on Linux tells its delegate of element,
/// attribute and notation declarations but not of the internal subset itself nor of entity
/// declarations (swift-corelibs-foundation's `_NSXMLParserInternalSubset` and `getEntity` go straight
/// to libxml2; checked with a test program), and libxml2 expands a declared entity before any
/// callback hears of it (the builder in ``XMLElementTree`` stops attribute values that outgrow the
/// document, a second line). So the refusal is made where it can be sound: the parser is only ever
/// given UTF-8 (the encoding Xcode writes), in which `<!DOCTYPE` and `<!ENTITY` are those bytes and
/// nothing else. A document in UTF-16, UTF-32, EBCDIC, UTF-7 or any other encoding is refused as
/// such: libxml2 would decode it (from its first bytes or its encoding declaration) and a byte check
/// would see nothing (a 1 MB UTF-16 entity bomb cost 13 s of CPU).
///
/// libxml2 (2.9) checks each attribute of an element against all the earlier ones for duplicates:
/// 80,000 attributes on one element took 1.8 s, 8 times as many 64 times as long. Interface Builder
/// writes a few dozen at most, so more than ``maxAttributes`` on one element are refused.
enum XMLDocumentGate {
    static let maxAttributes = 512

    static func check(_ data: Data) throws(StoryboardError) {
        let bytes = [UInt8](data)
        try checkEncoding(bytes)
        try scanMarkup(bytes)
    }

    /// UTF-8 only: no NUL (U+0000 is not allowed in XML, and every ASCII character of UTF-16 and
    /// UTF-32 brings one), no byte-order mark but UTF-8's, markup from the first byte (EBCDIC's "<"
    /// is 0x4C), and an encoding declaration, if any, that says UTF-8.
    private static func checkEncoding(_ bytes: [UInt8]) throws(StoryboardError) {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        let encoding: String? =
            if bytes.contains(0) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
                "UTF-16 or UTF-32"
            } else if let first = bytes[start...].first(where: { !isSpace($0) }), first != UInt8(ascii: "<") {
                "an encoding that is not ASCII-compatible"
            } else {
                declaredEncoding(bytes[start...]).flatMap { $0.lowercased() == "utf-8" ? nil : $0 }
            }
        if let encoding {
            throw refusal("documents must be UTF-8 (found \(encoding)): storyboards are written in UTF-8", bytes, at: start)
        }
    }

    /// The `encoding` of the XML declaration (`<?xml version="1.0" encoding="…"?>`), if it has one.
    private static func declaredEncoding(_ bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)), let end = find(Array("?>".utf8), in: bytes) else { return nil }
        let declaration = String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self)
        guard let name = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[name.upperBound...].drop { " \t\r\n=".contains($0) }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    /// One pass over the markup: refuses `<!DOCTYPE` and `<!ENTITY`, and start tags with more than
    /// ``maxAttributes`` attributes. Comments, CDATA sections and processing instructions are
    /// skipped whole; inside a tag, quoted values are skipped (they may hold ">" and "=").
    private static func scanMarkup(_ bytes: [UInt8]) throws(StoryboardError) {
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            let rest = bytes[open...]
            if rest.starts(with: Array("<!--".utf8)) {
                index = (find(Array("-->".utf8), in: rest) ?? bytes.count - 3) + 3
            } else if rest.starts(with: Array("<![CDATA[".utf8)) {
                index = (find(Array("]]>".utf8), in: rest) ?? bytes.count - 3) + 3
            } else if rest.starts(with: Array("<?".utf8)) {
                index = (find(Array("?>".utf8), in: rest) ?? bytes.count - 2) + 2
            } else if rest.starts(with: Array("<!".utf8)) {
                let marker = rest.starts(with: Array("<!ENTITY".utf8)) ? "<!ENTITY" : "<!DOCTYPE"
                throw refusal("documents with \(marker) declarations are refused (DTDs and entities are not allowed)", bytes, at: open)
            } else {
                index = try skipTag(bytes, from: open)
            }
        }
    }

    /// The index after the tag starting at `open`, counting its attributes.
    private static func skipTag(_ bytes: [UInt8], from open: Int) throws(StoryboardError) -> Int {
        var index = open + 1
        var attributes = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return index + 1 }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index = bytes[(index + 1)...].firstIndex(of: byte) ?? bytes.count
            } else if byte == UInt8(ascii: "=") {
                attributes += 1
                if attributes > maxAttributes {
                    throw refusal("an element has more than \(maxAttributes) attributes", bytes, at: open)
                }
            }
            index += 1
        }
        return index
    }

    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        var index = haystack.startIndex
        while let candidate = haystack[index...].firstIndex(of: needle[0]) {
            if haystack[candidate...].starts(with: needle) { return candidate }
            index = candidate + 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// A refusal at byte `offset`, with its line and column (in bytes, as the byte check has them).
    private static func refusal(_ message: String, _ bytes: [UInt8], at offset: Int) -> StoryboardError {
        let before = bytes[..<offset]
        let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        return StoryboardError(kind: .refused, issues: [.init(path: "", message: message, line: line, column: column)])
    }
}
