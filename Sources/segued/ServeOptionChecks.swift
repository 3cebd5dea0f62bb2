import ArgumentParser
import Foundation

/// The checks `segued serve` makes of its options before it starts, each failure saying what to
/// write instead (swift-argument-parser prints it with the usage and exits 64).
enum ServeOptionChecks {
    /// A CORS origin as browsers send it in `Origin` (RFC 6454 §6.1): `scheme://host[:port]`, with
    /// no path, no trailing slash, no user info, and no `*` (every origin would be trusted).
    static func corsOrigin(_ origin: String) throws(ValidationError) {
        let example = "write it as a browser sends it in Origin: scheme://host[:port], e.g. http://localhost:3000"
        if origin.contains("*") {
            throw ValidationError("--cors-origin \(origin): a wildcard is not accepted (it would let every site call the API); name each origin, \(example)")
        }
        guard let separator = origin.range(of: "://") else {
            throw ValidationError("--cors-origin \(origin): no scheme; \(example)")
        }
        let scheme = origin[..<separator.lowerBound]
        let authority = origin[separator.upperBound...]
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
              scheme.first!.isLetter else {
            throw ValidationError("--cors-origin \(origin): \"\(scheme)\" is not a scheme; \(example)")
        }
        if authority.hasSuffix("/") {
            throw ValidationError("--cors-origin \(origin): no trailing slash; write \(origin.dropLast(origin.reversed().prefix { $0 == "/" }.count))")
        }
        if let slash = authority.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            throw ValidationError("--cors-origin \(origin): an origin has no path, query or fragment; write \(scheme)://\(authority[..<slash])")
        }
        if authority.contains("@") {
            throw ValidationError("--cors-origin \(origin): an origin has no user info; \(example)")
        }
        guard let host = host(of: authority), !host.isEmpty else {
            throw ValidationError("--cors-origin \(origin): no host; \(example)")
        }
        if let port = authority.dropFirst(host.count).dropFirst().nilIfEmpty, authority.dropFirst(host.count).first == ":" {
            guard port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber), let number = Int(port), (1...65535).contains(number) else {
                throw ValidationError("--cors-origin \(origin): the port must be 1...65535; \(example)")
            }
        } else if !authority.dropFirst(host.count).isEmpty {
            throw ValidationError("--cors-origin \(origin): \(example)")
        }
        let allowed: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber || "-._~[]:".contains($0)) }
        guard host.allSatisfy(allowed) else {
            throw ValidationError("--cors-origin \(origin): \"\(host)\" is not a host name or address literal; \(example)")
        }
    }

    /// The host of `host[:port]`, a bracketed IPv6 literal kept whole.
    private static func host(of authority: Substring) -> Substring? {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            return authority[...close]
        }
        return authority.prefix { $0 != ":" }
    }

    /// `value` within `range`, or an error naming the option, its range and what was given.
    static func within(_ option: String, _ value: Int, _ range: ClosedRange<Int>) throws(ValidationError) {
        guard range.contains(value) else {
            let bounds = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "\(range.lowerBound)...\(range.upperBound)"
            throw ValidationError("\(option) must be \(bounds) (got \(value))")
        }
    }
}

private extension Substring {
    var nilIfEmpty: Substring? { isEmpty ? nil : self }
}
