/// The lowercase names of the header fields most requests carry, matched without regard to case:
/// a name found here comes back as a literal (an immortal string: nothing allocated or counted),
/// where building a lowercased copy made and validated a `String`, about 245 instructions a field
/// under callgrind, four fields a request.
/// Other names are lowercased as before.
enum KnownFieldNames {
    /// The known lowercase name that the `count` bytes at `name` spell in any case, if there is one.
    /// A switch on the length, so that a name is compared with at most four literals.
    static func name(_ name: UnsafePointer<CChar>, count: Int) -> String? {
        func known(_ literal: StaticString) -> Bool { spells(name, literal) }
        switch count {
        case 4: return known("host") ? "host" : nil
        case 6:
            if known("accept") { return "accept" }
            if known("origin") { return "origin" }
            if known("cookie") { return "cookie" }
            return known("expect") ? "expect" : nil
        case 8: return known("if-match") ? "if-match" : nil
        case 10:
            if known("connection") { return "connection" }
            return known("user-agent") ? "user-agent" : nil
        case 12:
            if known("content-type") { return "content-type" }
            return known("x-request-id") ? "x-request-id" : nil
        case 13:
            if known("authorization") { return "authorization" }
            if known("if-none-match") { return "if-none-match" }
            return known("last-event-id") ? "last-event-id" : nil
        case 14: return known("content-length") ? "content-length" : nil
        case 15:
            if known("accept-encoding") { return "accept-encoding" }
            if known("accept-language") { return "accept-language" }
            if known("idempotency-key") { return "idempotency-key" }
            return known("x-forwarded-for") ? "x-forwarded-for" : nil
        case 17: return known("transfer-encoding") ? "transfer-encoding" : nil
        case 29: return known("access-control-request-method") ? "access-control-request-method" : nil
        case 30: return known("access-control-request-headers") ? "access-control-request-headers" : nil
        default: return nil
        }
    }

    /// Whether the bytes at `name` are `lowercase` (the caller has matched the length) with any
    /// ASCII letters in either case.
    private static func spells(_ name: UnsafePointer<CChar>, _ lowercase: StaticString) -> Bool {
        let expected = lowercase.utf8Start
        for index in 0..<lowercase.utf8CodeUnitCount {
            let byte = UInt8(bitPattern: name[index])
            let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte &+ 32 : byte
            if folded != expected[index] { return false }
        }
        return true
    }
}
