/// The non-empty `/`-separated segments of a path, in order, as slices of it (no copies):
/// `/v1//sessions/` yields `v1` and `sessions`, as the router has always read paths.
struct PathSegments: IteratorProtocol {
    private let path: Substring
    private var position: String.Index

    init(_ path: String) {
        self.path = Substring(path)
        position = path.startIndex
    }

    mutating func next() -> Substring? {
        let utf8 = path.utf8
        while position < utf8.endIndex, utf8[position] == UInt8(ascii: "/") { position = utf8.index(after: position) }
        guard position < utf8.endIndex else { return nil }
        let start = position
        while position < utf8.endIndex, utf8[position] != UInt8(ascii: "/") { position = utf8.index(after: position) }
        return path[start..<position]
    }
}
