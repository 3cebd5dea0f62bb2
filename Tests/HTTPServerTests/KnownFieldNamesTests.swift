@testable import HTTPServer
import Testing

/// Header names are stored lowercased; the common ones come from a table of literals. The table
/// must give exactly what lowercasing gives, and nothing for any other name.
struct KnownFieldNamesTests {
    static let known = [
        "host", "accept", "origin", "cookie", "expect", "if-match", "connection", "user-agent", "content-type",
        "x-request-id", "authorization", "if-none-match", "last-event-id", "content-length", "accept-encoding",
        "accept-language", "idempotency-key", "x-forwarded-for", "transfer-encoding", "access-control-request-method",
        "access-control-request-headers",
    ]

    private func lookUp(_ name: String) -> String? {
        name.withCString { KnownFieldNames.name($0, count: name.utf8.count) }
    }

    @Test func everyKnownName_inAnyCase_comesBackLowercase() {
        for name in Self.known {
            #expect(lookUp(name) == name)
            #expect(lookUp(name.uppercased()) == name)
            let capitalized = name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "-")
            #expect(lookUp(capitalized) == name, "\(capitalized)")
        }
    }

    /// Names of a known name's length that differ in one byte, or only in a byte that folding would
    /// make equal if it folded more than ASCII letters (`-` and `\r` differ by 32 from `M` and `-`).
    @Test func otherNames_areNotKnown() {
        for name in Self.known {
            for index in name.utf8.indices {
                for replacement: UInt8 in [UInt8(ascii: "x"), UInt8(ascii: "_"), 0x0D, name.utf8[index] &- 32, name.utf8[index] &+ 32] {
                    var bytes = Array(name.utf8)
                    let offset = name.utf8.distance(from: name.utf8.startIndex, to: index)
                    guard bytes[offset] != replacement, replacement != 0 else { continue }
                    let wasLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[offset])
                    if wasLetter && replacement == bytes[offset] &- 32 { continue }
                    bytes[offset] = replacement
                    let other = String(decoding: bytes, as: UTF8.self)
                    #expect(lookUp(other) == nil, "\(other.debugDescription)")
                }
            }
        }
        for name in ["", "x", "hosts", "x-custom", "content-typ", "content-types", "access-control-request-headerz"] {
            #expect(lookUp(name) == nil, "\(name)")
        }
    }
}
