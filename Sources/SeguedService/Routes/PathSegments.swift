/// The non-empty `/`-separated segments of a path, in order: `/v1//sessions/` has `v1` and
/// `sessions`, as the router has always read paths. Paths of more than six segments (the bounds
/// kept inline) match no route and are not split further.
///
/// Offsets into the path's UTF-8, found once over a `Span` and kept inline: walking `String.Index`es
/// and slicing `Substring`s cost 2,500 instructions for a four-segment path, a tenth of a cached
/// `GET …/stack`.
struct PathSegments {
    let path: String
    private var bounds = InlineArray<6, (start: Int, end: Int)>(repeating: (0, 0))
    private(set) var count = 0
    /// More segments than the bounds hold.
    private(set) var overflowed = false

    init(_ path: String) {
        self.path = path
        let bytes = path.utf8.span
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "/") { index += 1 }
            guard count < bounds.count else {
                overflowed = true
                return
            }
            bounds[count] = (start, index)
            count += 1
        }
    }

    /// Whether segment `position` exists and is exactly `literal`.
    ///
    /// The literal a `StaticString`, its length a constant and its bytes read in place, and the
    /// path's bytes read only when the lengths agree: with both as strings, each comparison took
    /// two spans from the standard library, about 150 instructions, and a route asks five or six.
    func segment(_ position: Int, is literal: StaticString) -> Bool {
        guard position < count else { return false }
        let (start, end) = bounds[position]
        guard end - start == literal.utf8CodeUnitCount else { return false }
        return literal.withUTF8Buffer { expected in
            let bytes = path.utf8.span
            for offset in 0..<expected.count where bytes[start + offset] != expected[offset] { return false }
            return true
        }
    }

    /// Segment `position` as a string.
    func string(_ position: Int) -> String {
        let (start, end) = bounds[position]
        let utf8 = path.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: start)
        // Decoded from the bytes (contiguous, so copied at once): through a Substring this was 620
        // instructions for a two-letter session id. The bounds fall on "/" or the ends, so the
        // bytes are whole characters and nothing is repaired.
        return String(decoding: utf8[from..<utf8.index(from, offsetBy: end - start)], as: UTF8.self)
    }
}
