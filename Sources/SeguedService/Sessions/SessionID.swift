import HTTPServer

/// A session's id: server-chosen (16 hex digits) or client-chosen through `PUT /v1/sessions/{id}`.
public struct SessionID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// 1–64 characters from `A–Z a–z 0–9 . _ -`: safe in a URL path segment without escaping.
    public init?(validating text: String) {
        // Bytes: every allowed character is one ASCII byte, and any other byte (of a non-ASCII
        // character too) is refused. Checking Unicode scalar properties cost a tenth of a request.
        guard (1...64).contains(text.utf8.count), text.everyUTF8Byte(SessionID.isAllowed) else { return nil }
        rawValue = text
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    static func random() -> SessionID {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return SessionID(rawValue: String(repeating: "0", count: 16 - hex.count) + hex)
    }
}
