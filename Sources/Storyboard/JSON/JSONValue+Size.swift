extension JSONValue {
    /// About the bytes the value takes as JSON text: strings by their UTF-8 length and two quotes,
    /// numbers 8 (what a `Double` takes in memory; as text they can be shorter or longer), `null`,
    /// `true` and `false` 4 or 5, and one byte for each bracket, comma and colon.
    ///
    /// What the daemon bounds client data by: computed once a request, it needs no formatting of
    /// numbers and is never below the size of the strings a value holds, which is where its memory goes.
    public var approximateSize: Int {
        switch self {
        case .null, .bool(true): 4
        case .bool(false): 5
        case .number: 8
        case .string(let string): string.utf8.count + 2
        case .array(let elements): elements.reduce(2 + max(0, elements.count - 1)) { $0 + $1.approximateSize }
        case .object(let entries): entries.isEmpty ? 2 : 1 + Self.approximateSize(ofEntries: entries)
        }
    }

    /// The entries of an object, without its opening brace.
    public static func approximateSize(ofEntries entries: [String: JSONValue]) -> Int {
        entries.reduce(0) { $0 + approximateSize(key: $1.key, value: $1.value) }
    }

    /// One entry of an object: its key, the colon, its value and the comma or closing brace after it.
    public static func approximateSize(key: String, value: JSONValue) -> Int {
        key.utf8.count + 2 + 1 + value.approximateSize + 1
    }
}
