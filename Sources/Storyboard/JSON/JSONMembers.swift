/// A JSON object's members as a list, looked up by comparing keys.
///
/// For request bodies: a handful of members, each read once or twice by key. A key of up to 15
/// UTF-8 bytes is stored inside its `String`, and comparing two of them compares two words; a
/// dictionary hashed every key when it was built and again on every lookup, which was a fifth of
/// decoding a segue request and a third of an unwind (callgrind on the daemon under `bench/http`).
public struct JSONMembers: Sendable {
    /// The members in the parser's order. Keys are unique: the parser keeps one value per key.
    public let members: [(key: String, value: JSONValue)]

    public init(_ members: [(key: String, value: JSONValue)]) { self.members = members }

    public subscript(key: String) -> JSONValue? {
        // By index: `for member in members` copied each member it passed, its key and value retained
        // and released. Lengths first: `==` on two different small strings went through the
        // standard library's slow comparison (about 30 instructions), and most keys differ in length.
        let length = key.utf8.count
        for index in members.indices where members[index].key.utf8.count == length && members[index].key == key {
            return members[index].value
        }
        return nil
    }

    /// The keys `isKnown` does not accept, sorted; no allocation when there are none.
    public func keys(rejectedBy isKnown: (String) -> Bool) -> [String] {
        var rejected: [String] = []
        for member in members where !isKnown(member.key) { rejected.append(member.key) }
        return rejected.isEmpty ? rejected : rejected.sorted()
    }
}
