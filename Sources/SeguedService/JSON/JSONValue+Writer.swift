import Storyboard

extension JSONWriter {
    /// Writes a JSON value with its object keys sorted, so output is deterministic.
    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let bool): self.bool(bool)
        case .number(let number): double(number)
        case .string(let string): self.string(string)
        case .array(let elements):
            array { writer in
                for element in elements { writer.value(element) }
            }
        case .object(let members):
            object { writer in
                for name in members.keys.sorted() {
                    writer.key(name)
                    writer.value(members[name]!)
                }
            }
        }
    }
}
