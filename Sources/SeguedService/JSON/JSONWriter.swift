import Storyboard

/// Writes JSON as UTF-8 bytes straight into a buffer: the hot-path encoder.
///
/// Foundation's `JSONEncoder` costs 10–25× more per response (notes/libmicrohttpd.md); this writer
/// is tested against `JSONDecoder` round trips. Commas are placed automatically: call `key(_:)` then
/// a value inside objects, values alone inside arrays.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.object { w in
///     w.key("revision"); w.int(5)
///     w.key("path"); w.array { w in w.string("vc1") }
/// }
/// ```
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the next value in the current container needs a comma before it.
    private var needsComma = false

    init(capacity: Int = 512) { bytes.reserveCapacity(capacity) }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func array(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// An object member's name; the next call writes its value.
    mutating func key(_ name: String) {
        separate()
        writeEscaped(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func string(_ value: String) {
        separate()
        writeEscaped(value)
    }

    mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    mutating func int(_ value: Int) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func double(_ value: Double) {
        separate()
        if value.isFinite {
            bytes.append(contentsOf: JSONValue.format(value).utf8)
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    /// Appends text that is already valid JSON.
    mutating func raw(_ json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// RFC 8259 §7: quote, backslash and control characters are escaped; everything else is UTF-8.
    ///
    /// Runs of bytes that need no escaping are copied at once from the string's contiguous UTF-8
    /// (`withUTF8`, valid only inside its closure, read only). Appending byte by byte made this
    /// function 42% of the service's instructions under callgrind; iterating `String.UTF8View`
    /// instead of the buffer was measured 1.5× slower for whole requests (bench/engine, service).
    private mutating func writeEscaped(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                appendEscape(byte)
                runStart = index + 1
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        default:
            bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            bytes.append(Self.hex[Int(byte >> 4)])
            bytes.append(Self.hex[Int(byte & 0x0F)])
        }
    }
}
