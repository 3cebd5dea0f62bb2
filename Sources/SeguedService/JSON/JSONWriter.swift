import HTTPServer
import Navigation
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
///
/// Noncopyable: it owns its ``ByteBuffer``, and it is only ever lent (`inout`) to the code writing.
struct JSONWriter: ~Copyable {
    private var buffer: ByteBuffer
    /// Whether the next value in the current container needs a comma before it.
    private var needsComma = false
    /// The last segue object written and where its bytes are: a transcript names one segue up to
    /// four times (top level, `prepare`, `perform`, the unwind action), copied after the first.
    /// Found by the object's identity, an integer compare: with the reference alone, each segue
    /// written took and gave back reference counts (15 atomic operations a segue and unwind).
    /// The reference keeps the object alive, so that no other object takes its identity.
    private var lastSegue: SegueDescription?
    private var lastSegueIdentity: ObjectIdentifier?
    private var lastSegueBytes = 0..<0

    init(capacity: Int = 512) { buffer = ByteBuffer(capacity: capacity) }

    /// What has been written, copied out.
    var bytes: [UInt8] { buffer.bytes }

    /// How many bytes have been written.
    var byteCount: Int { buffer.byteCount }

    private mutating func separate() {
        if needsComma { buffer.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    mutating func object(_ body: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "{"))
        body(&self)
        close(UInt8(ascii: "}"))
    }

    mutating func array(_ body: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "["))
        body(&self)
        close(UInt8(ascii: "]"))
    }

    /// Opens a container: its bracket, after a comma when one is due.
    private mutating func open(_ bracket: UInt8) {
        separate()
        buffer.append(bracket)
        needsComma = false
    }

    /// Closes a container, after which the next value needs a comma.
    private mutating func close(_ bracket: UInt8) {
        buffer.append(bracket)
        needsComma = true
    }

    /// An object member's name; the next call writes its value.
    mutating func key(_ name: String) {
        separate()
        writeEscaped(name)
        buffer.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A member name the engine chose (an event argument's): an identifier, so written without the
    /// escaping scan.
    mutating func key(identifier name: String) {
        assert(!Self.needsEscaping(name), "\(name) is not an identifier")
        separate()
        buffer.append(UInt8(ascii: "\""))
        appendUTF8(name)
        buffer.append(UInt8(ascii: "\""))
        buffer.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// `segue` as an object, its members written by `write` (handed the segue, so that it captures
    /// nothing); a copy of the bytes when it is the segue written last.
    mutating func segue(_ segue: SegueDescription, write: (inout JSONWriter, SegueDescription) -> Void) {
        if lastSegueIdentity == ObjectIdentifier(segue) || wroteEqualSegue(segue) {
            separate()
            buffer.appendCopy(of: lastSegueBytes)
            return
        }
        let start = buffer.byteCount + (needsComma ? 1 : 0)
        open(UInt8(ascii: "{"))
        write(&self, segue)
        close(UInt8(ascii: "}"))
        lastSegue = segue
        lastSegueIdentity = ObjectIdentifier(segue)
        lastSegueBytes = start..<buffer.byteCount
    }

    /// Whether the segue written last is another object equal to `segue` (a restored log's events
    /// describe their segues anew).
    private func wroteEqualSegue(_ segue: SegueDescription) -> Bool {
        guard let lastSegue else { return false }
        return lastSegue == segue
    }

    @inline(__always)
    mutating func key(_ key: JSONKey) {
        if needsComma { buffer.append(UInt8(ascii: ",")) }
        buffer.append(UInt8(ascii: "\""))
        buffer.append(key.name)
        buffer.append(UInt8(ascii: "\""))
        buffer.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Appends bytes inside a value being written by hand (no comma logic): the cached fragments
    /// of the event writer.
    mutating func fragment(_ json: [UInt8]) { append(json) }

    /// The same for string `index` of a table shared by every server thread (no reference count to touch).
    /// Always inlined: called, it was some 45 calls an answer (the event writer's two an event).
    @inline(__always)
    mutating func fragment(_ table: ByteStringTable, _ index: Int) { table.append(index, to: &buffer) }

    /// The same for a literal fragment (no reference count to touch). Always inlined, so that the
    /// literal's length is a constant where it is written and the copy a few moves: called as a
    /// function, each of an event's four literals went through `memcpy`.
    @inline(__always)
    mutating func fragment(_ json: StaticString) { buffer.append(json) }

    /// The arrays written here (a storyboard's scene headers, raw JSON) may be shared by every server
    /// thread: they are borrowed, not retained (``ByteBuffer/append(borrowing:)``).
    private mutating func append(_ source: borrowing [UInt8]) { buffer.append(borrowing: source) }

    private mutating func appendUTF8(_ string: borrowing String) { buffer.append(utf8Of: string) }

    /// Starts a value by hand: the comma if one is due. `finishValue()` ends it.
    mutating func beginValue() { separate() }

    /// Ends a value written by hand, so that the next one gets its comma.
    mutating func finishValue() { needsComma = true }

    /// After a key written as part of a fragment: the next value needs no comma.
    mutating func afterKey() { needsComma = false }

    /// Always inlined, as is ``appendDigits(_:)``: a number under 100 is then written in place
    /// (``ByteBuffer/appendDecimal(_:)``), where it was two calls.
    @inline(__always)
    mutating func digits(_ value: Int) { appendDigits(value) }

    mutating func string(_ value: String) {
        separate()
        writeEscaped(value)
    }

    mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    mutating func int(_ value: Int) {
        separate()
        appendDigits(value)
    }

    /// An instance id, `"vc12"`, written without building the string.
    mutating func controller(_ id: ControllerID) {
        separate()
        buffer.append(Self.quotedPrefix)
        appendDigits(id.rawValue)
        buffer.append(UInt8(ascii: "\""))
    }

    mutating func controller(_ id: ControllerID?) {
        if let id { controller(id) } else { null() }
    }

    /// A literal (computed): a `static let` array went through `swift_once` at every instance id.
    private static var quotedPrefix: StaticString { "\"vc" }

    /// Decimal digits of `value`; `String(value)` allocated for every number written.
    @inline(__always)
    private mutating func appendDigits(_ value: Int) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        // The magnitude as UInt: Int.min has no positive Int.
        buffer.appendDecimal(value.magnitude)
    }

    mutating func double(_ value: Double) {
        separate()
        if value.isFinite {
            appendUTF8(JSONValue.format(value))
        } else {
            appendUTF8("null")
        }
    }

    /// A number whose digits `write` appends (valid JSON number text).
    mutating func number(_ write: (inout ByteBuffer) -> Void) {
        separate()
        write(&buffer)
    }

    /// Literals (`StaticString`): as `String`s, each went through ``ByteBuffer/append(utf8Of:)``, a
    /// call and the string's storage checks, for some ten values an answer.
    mutating func bool(_ value: Bool) {
        separate()
        if value { buffer.append("true") } else { buffer.append("false") }
    }

    mutating func null() {
        separate()
        buffer.append("null")
    }

    /// Appends text that is already valid JSON.
    mutating func raw(_ json: [UInt8]) {
        separate()
        append(json)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// RFC 8259 §7: quote, backslash and control characters are escaped; everything else is UTF-8.
    ///
    /// Most strings need no escape (ids, class names, method names): one scan over the string's
    /// UTF-8 (a `Span`, bounds-checked and copy-free) decides, and the bytes are then appended at
    /// once. Appending byte by byte was 42% of the service's instructions under callgrind.
    private mutating func writeEscaped(_ string: String) {
        buffer.append(UInt8(ascii: "\""))
        if Self.needsEscaping(string) {
            for byte in string.utf8 {
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    appendEscape(byte)
                } else {
                    buffer.append(byte)
                }
            }
        } else {
            appendUTF8(string)
        }
        buffer.append(UInt8(ascii: "\""))
    }

    private static func needsEscaping(_ string: String) -> Bool {
        let utf8 = string.utf8.span
        for index in utf8.indices {
            let byte = utf8[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
        }
        return false
    }

    private mutating func appendEscape(_ byte: UInt8) {
        buffer.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): buffer.append(byte)
        case 0x0A: buffer.append(UInt8(ascii: "n"))
        case 0x0D: buffer.append(UInt8(ascii: "r"))
        case 0x09: buffer.append(UInt8(ascii: "t"))
        default:
            appendUTF8("u00")
            buffer.append(Self.hex[Int(byte >> 4)])
            buffer.append(Self.hex[Int(byte & 0x0F)])
        }
    }
}
