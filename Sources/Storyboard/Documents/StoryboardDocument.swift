public import Foundation

/// A storyboard in any form segued reads, as an upload or a file carries it: a `segued.storyboard/1`
/// JSON document, one Interface Builder `.storyboard` (XML), or an app's bundle (JSON
/// `{name, entry, storyboards: {Name: xml}, sources, classes}`, what `segued import` writes).
///
/// One reader for the service and the command line, so that whatever can be uploaded can be given
/// to `segued serve --storyboard` and `segued lint`, and the other way round.
public enum StoryboardDocument {
    /// Reads a JSON document: a bundle when it has `storyboards` and no `format`, else a segued storyboard.
    /// - Throws: ``StoryboardError``: `malformed` for bytes that are not JSON; otherwise every
    ///   problem of the storyboard or bundle, with its path.
    /// - Parameter swift: reads a bundle's Swift sources (`SourceScanning.SwiftSyntaxSourceReader`).
    public static func loadJSON(_ bytes: [UInt8], swift: any SwiftSourceReader) throws(StoryboardError) -> ImportedStoryboard {
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw StoryboardError(kind: .malformed, issues: [.init(path: "", message: "not valid JSON")])
        }
        if value["storyboards"] != nil, value["format"] == nil {
            return try InterfaceBuilderImporter.load(try StoryboardBundle(json: value), swift: swift)
        }
        let storyboard = try StoryboardJSONLoader.load(value)
        return ImportedStoryboard(storyboard: storyboard, warnings: StoryboardLint.warnings(storyboard))
    }

    /// Reads a document whose form is not declared (a file): Interface Builder XML, named `name`,
    /// when it starts with `<` (after blanks and a byte-order mark), else JSON as ``loadJSON(_:)``.
    public static func load(_ data: Data, name: String, swift: any SwiftSourceReader) throws(StoryboardError) -> ImportedStoryboard {
        if isXML(data) { return try InterfaceBuilderImporter.load(data, name: name) }
        return try loadJSON(Array(data), swift: swift)
    }

    /// Whether the first byte that is not blank or a UTF-8 byte-order mark is `<`: a JSON document
    /// cannot start so, and every XML document does.
    static func isXML(_ data: Data) -> Bool {
        let skipped: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF]
        return data.first { !skipped.contains($0) } == UInt8(ascii: "<")
    }
}
