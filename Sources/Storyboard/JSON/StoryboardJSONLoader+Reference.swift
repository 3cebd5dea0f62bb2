extension StoryboardJSONLoader {
    /// A scene's `missingReference`: `{storyboard, identifier}` (identifier null for the initial
    /// scene), as the normalized graph writes it for a storyboard reference the upload lacked.
    static func readMissingReference(_ value: JSONValue?, at path: String, reader: inout JSONFieldReader) -> StoryboardReference? {
        guard let value, value != .null, let object = reader.object(value, at: path) else { return nil }
        reader.rejectUnknownKeys(object, known: ["storyboard", "identifier"], at: path)
        guard let storyboard = reader.string(object, "storyboard", at: path) else {
            reader.fail("\(path).storyboard", "missing")
            return nil
        }
        return StoryboardReference(storyboard: storyboard, identifier: reader.string(object, "identifier", at: path))
    }
}
