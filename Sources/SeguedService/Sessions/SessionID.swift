/// A session's id: server-chosen (16 hex digits) or client-chosen through `PUT /v1/sessions/{id}`.
public struct SessionID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// 1–64 characters from `A–Z a–z 0–9 . _ -`: safe in a URL path segment without escaping.
    public init?(validating text: String) {
        guard (1...64).contains(text.count),
            text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) })
        else { return nil }
        rawValue = text
    }

    static func random() -> SessionID {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return SessionID(rawValue: String(repeating: "0", count: 16 - hex.count) + hex)
    }
}
