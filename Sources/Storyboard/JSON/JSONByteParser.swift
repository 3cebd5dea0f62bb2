/// Parses JSON (RFC 8259) straight from bytes into a ``JSONValue``, without Foundation.
///
/// ``JSONValue/parse(_:)-([UInt8])`` goes through `JSONSerialization`, whose objects are then cast
/// back one by one: for the ~4.7 KB snapshot of a demo session that was 61% of the daemon's start
/// on a state directory of 20,000 sessions (perf, release binary), the casts (`swift_dynamicCast`,
/// generic metadata) costing as much as the parse. This reads each value once. It reads the store's
/// snapshots and every request body (``parseTopLevel(_:)``): for the 40 bytes of a segue request,
/// `JSONSerialization` and the casts took 13,700 instructions (8% of the whole request under
/// callgrind; it looks up UTF-16 and UTF-32 decoders' metadata for every document, to guess the
/// encoding).
///
/// It is strict where a client could send what segued never writes: bytes that are not UTF-8, a
/// `\u` escape of half a surrogate pair, and a number too large for a `Double` are refused, as
/// `JSONDecoder` refuses them.
public enum JSONByteParser {
    /// Nesting deeper than this is refused rather than recursed into.
    public static let maximumDepth = 512

    /// - Throws: ``JSONValue/ParseError`` for bytes that are not one JSON value (whitespace around it).
    public static func parse(_ bytes: [UInt8]) throws(JSONValue.ParseError) -> JSONValue {
        var cursor = Cursor(bytes: bytes)
        cursor.skipWhitespace()
        let value = try cursor.value(depth: 0)
        try cursor.end()
        return value
    }

    /// Parses a request body, which should be an object: its top-level members come back as a list
    /// (``JSONMembers``) rather than a dictionary, so that building and reading them hashes nothing.
    /// A key given twice keeps its last value, as `JSONDecoder` and `JSONSerialization` do.
    /// - Throws: ``JSONValue/ParseError`` for bytes that are not one JSON value.
    public static func parseTopLevel(_ bytes: [UInt8]) throws(JSONValue.ParseError) -> JSONValue.TopLevel {
        var cursor = Cursor(bytes: bytes)
        cursor.skipWhitespace()
        guard cursor.position < bytes.count, bytes[cursor.position] == UInt8(ascii: "{") else {
            let value = try cursor.value(depth: 0)
            try cursor.end()
            return .other(value)
        }
        var members = MemberList()
        try cursor.object(depth: 0) { key, value in members.set(key, value) }
        try cursor.end()
        return .object(JSONMembers(members.members))
    }

    /// Members in the order of their first appearance, one value per key. Keys are compared one by
    /// one while they are few (a request's handful, where a hash cost more than the comparisons) and
    /// through a table once there are many, so that a body of 100,000 keys is not read in quadratic time.
    private struct MemberList {
        var members: [(key: String, value: JSONValue)] = []
        var positions: [String: Int]? = nil

        /// Room for a request's few fields made once: grown from empty, the array was allocated
        /// again at the second member (a segue request's two).
        init() { members.reserveCapacity(4) }

        mutating func set(_ key: String, _ value: JSONValue) {
            if let index = position(of: key) {
                members[index].value = value
                return
            }
            positions?[key] = members.count
            members.append((key, value))
            if positions == nil, members.count == 16 {
                positions = Dictionary(uniqueKeysWithValues: members.indices.map { (members[$0].key, $0) })
            }
        }

        func position(of key: String) -> Int? {
            if let positions { return positions[key] }
            return members.firstIndex { $0.key == key }
        }
    }

    private struct Cursor {
        let bytes: [UInt8]
        var position = 0

        func error(_ what: String, at offset: Int? = nil) -> JSONValue.ParseError {
            JSONValue.ParseError(message: "not valid JSON: \(what) at byte \(offset ?? position)")
        }

        /// After the value: only whitespace may follow.
        mutating func end() throws(JSONValue.ParseError) {
            skipWhitespace()
            guard position == bytes.count else { throw error("trailing characters") }
        }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
            guard depth < JSONByteParser.maximumDepth else { throw error("nesting too deep") }
            guard position < bytes.count else { throw error("unexpected end") }
            switch bytes[position] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return .number(try number())
            }
        }

        mutating func literal(_ word: StaticString) throws(JSONValue.ParseError) {
            let count = word.utf8CodeUnitCount
            guard position + count <= bytes.count else { throw error("unexpected end") }
            let start = word.utf8Start
            for offset in 0..<count where bytes[position + offset] != start[offset] { throw error("unknown literal") }
            position += count
        }

        mutating func object(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
            var members: [String: JSONValue] = [:]
            try object(depth: depth) { key, value in members[key] = value }
            return .object(members)
        }

        /// Reads an object from its `{`, handing each member to `add` in order.
        mutating func object(depth: Int, _ add: (String, JSONValue) -> Void) throws(JSONValue.ParseError) {
            position += 1
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return
            }
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a key") }
                let key = try string()
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':'") }
                position += 1
                skipWhitespace()
                add(key, try value(depth: depth + 1))
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
                position += 1
                return
            }
        }

        mutating func array(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
            position += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth + 1))
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
                position += 1
                return .array(elements)
            }
        }

        /// A string from its opening quote: its bytes as they are when it has no escape (nearly
        /// always), else decoded into a buffer. Bytes past ASCII are checked to be UTF-8 once the
        /// string's end is found; an ASCII string is not looked at again.
        mutating func string() throws(JSONValue.ParseError) -> String {
            let start = position + 1
            // A local index over the bytes' span: stepping the stored `position` and indexing the
            // array checked its bounds and wrote the cursor back at every byte. (The span borrows a
            // local copy of the array, so that the cursor stays free to change.)
            let bytes = self.bytes
            let span = bytes.span
            var end = start
            var ascii = true
            while end < span.count {
                let byte = span[end]
                if byte == UInt8(ascii: "\"") {
                    position = end + 1
                    return try decoded(bytes[start..<end], ascii: ascii, from: start)
                }
                if byte == UInt8(ascii: "\\") {
                    position = end
                    return try escapedString(from: start)
                }
                guard byte >= 0x20 else {
                    position = end
                    throw error("a control character in a string")
                }
                if byte >= 0x80 { ascii = false }
                end += 1
            }
            position = end
            throw error("unterminated string")
        }

        /// The string of `utf8`, which began after the quote at `start - 1` (where an error points).
        func decoded(_ utf8: some Collection<UInt8>, ascii: Bool, from start: Int) throws(JSONValue.ParseError) -> String {
            if ascii { return String(decoding: utf8, as: UTF8.self) }
            guard let string = String(validating: utf8, as: UTF8.self) else { throw error("a string that is not UTF-8", at: start - 1) }
            return string
        }

        mutating func escapedString(from start: Int) throws(JSONValue.ParseError) -> String {
            var buffer = Array(bytes[start..<position])
            var ascii = !buffer.contains { $0 >= 0x80 }
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return try decoded(buffer, ascii: ascii, from: start)
                case UInt8(ascii: "\\"):
                    guard position < bytes.count else { throw error("unterminated escape") }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                    case UInt8(ascii: "b"): buffer.append(0x08)
                    case UInt8(ascii: "f"): buffer.append(0x0C)
                    case UInt8(ascii: "n"): buffer.append(0x0A)
                    case UInt8(ascii: "r"): buffer.append(0x0D)
                    case UInt8(ascii: "t"): buffer.append(0x09)
                    case UInt8(ascii: "u"): appendScalar(try unicodeEscape(), to: &buffer)
                    default: throw error("unknown escape")
                    }
                default:
                    guard byte >= 0x20 else { throw error("a control character in a string") }
                    if byte >= 0x80 { ascii = false }
                    buffer.append(byte)
                }
            }
            throw error("unterminated string")
        }

        /// The scalar of `\uXXXX` (the `\u` read), with the low half of a surrogate pair that follows.
        mutating func unicodeEscape() throws(JSONValue.ParseError) -> Unicode.Scalar {
            let escape = position - 2
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high), position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            {
                let saved = position
                position += 2
                let low = try hex4()
                if (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) {
                    return scalar
                }
                position = saved
            }
            // Half a surrogate pair is no character: refused, as JSONDecoder refuses it.
            guard let scalar = Unicode.Scalar(high) else { throw error("a lone surrogate escape", at: escape) }
            return scalar
        }

        mutating func hex4() throws(JSONValue.ParseError) -> UInt32 {
            guard position + 4 <= bytes.count else { throw error("short \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw error("not a hex digit")
                }
                value = value << 4 | UInt32(digit)
                position += 1
            }
            return value
        }

        func appendScalar(_ scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
            buffer.append(contentsOf: UTF8.encode(scalar)!)
        }

        /// RFC 8259's grammar, checked; a whole number of up to 15 digits is computed in place, any
        /// other goes through `Double`'s parsing of its text.
        mutating func number() throws(JSONValue.ParseError) -> Double {
            let start = position
            var negative = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") {
                negative = true
                position += 1
            }
            let digitsStart = position
            var whole: Int64 = 0
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                if position - digitsStart < 18 { whole = whole * 10 + Int64(bytes[position] - UInt8(ascii: "0")) }
                position += 1
            }
            let digits = position - digitsStart
            guard digits > 0 else { throw error("not a value") }
            if digits > 1, bytes[digitsStart] == UInt8(ascii: "0") { throw error("a leading zero") }
            var simple = digits <= 15
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                simple = false
                position += 1
                let fraction = position
                while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") { position += 1 }
                guard position > fraction else { throw error("no digit after '.'") }
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
                simple = false
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
                let exponent = position
                while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") { position += 1 }
                guard position > exponent else { throw error("no digit in the exponent") }
            }
            if simple {
                // -0 stays negative zero, as Double("-0") is.
                return negative ? -Double(whole) : Double(whole)
            }
            guard let parsed = Double(String(decoding: bytes[start..<position], as: UTF8.self)) else { throw error("not a number") }
            guard parsed.isFinite else { throw error("a number too large", at: start) }
            return parsed
        }
    }
}
