import Foundation

extension StoryboardBundle {
    /// The bundle as `POST /v1/storyboards` takes it (and `segued import` writes it).
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "name": .string(name), "entry": .string(entry),
            "storyboards": .object(storyboards.mapValues { .string(String(decoding: $0, as: UTF8.self)) }),
        ]
        if !idiomEntries.isEmpty { object["idiomEntries"] = .object(idiomEntries.mapValues { .string($0) }) }
        if !sources.isEmpty { object["sources"] = .object(sources.mapValues { .string($0) }) }
        if !classes.isEmpty {
            object["classes"] = .object(classes.mapValues { info in
                var facts: [String: JSONValue] = ["unwindActions": .array(info.unwindActions.map { .string($0) })]
                if let superclass = info.superclass { facts["superclass"] = .string(superclass) }
                return .object(facts)
            })
        }
        return .object(object)
    }

    /// `{name, entry, idiomEntries?: {pad|phone: Name}, storyboards: {Name: xml}, sources?: {path: text}, classes?: {Name: {superclass?, unwindActions?}}}`:
    /// the upload of `POST /v1/storyboards`, and the file `segued import` writes.
    /// - Throws: ``StoryboardError`` (`invalid`) naming every wrong field.
    public init(json value: JSONValue) throws(StoryboardError) {
        var reader = JSONFieldReader()
        let object = reader.object(value, at: "") ?? [:]
        reader.rejectUnknownKeys(object, known: ["name", "entry", "idiomEntries", "storyboards", "sources", "classes"], at: "")
        let xml = reader.object(object["storyboards"], at: "storyboards") ?? [:]
        if xml.isEmpty { reader.fail("storyboards", "at least one storyboard is needed") }
        var storyboards: [String: Data] = [:]
        for (name, text) in xml {
            if let text = text.stringValue { storyboards[name] = Data(text.utf8) } else { reader.fail("storyboards.\(name)", "expected the XML text as a string") }
        }
        var sources: [String: String] = [:]
        for (path, text) in reader.object(object["sources"], at: "sources") ?? [:] {
            if let text = text.stringValue { sources[path] = text } else { reader.fail("sources.\(path)", "expected the source text as a string") }
        }
        var classes: [String: ClassInfo] = [:]
        for (name, facts) in reader.object(object["classes"], at: "classes") ?? [:] {
            guard let facts = reader.object(facts, at: "classes.\(name)") else { continue }
            reader.rejectUnknownKeys(facts, known: ["superclass", "unwindActions"], at: "classes.\(name)")
            classes[name] = ClassInfo(
                superclass: reader.string(facts, "superclass", at: "classes.\(name)"),
                unwindActions: reader.strings(facts, "unwindActions", at: "classes.\(name)"))
        }
        let entry = reader.string(object, "entry", at: "") ?? (storyboards.count == 1 ? storyboards.keys.first! : "Main")
        let name = reader.string(object, "name", at: "") ?? entry
        var idiomEntries: [String: String] = [:]
        for (idiom, storyboard) in reader.object(object["idiomEntries"], at: "idiomEntries") ?? [:] {
            if let storyboard = storyboard.stringValue { idiomEntries[idiom] = storyboard } else {
                reader.fail("idiomEntries.\(idiom)", "expected a storyboard's name")
            }
        }
        guard reader.issues.isEmpty else { throw StoryboardError(kind: .invalid, issues: reader.issues) }
        self.init(name: name, entry: entry, storyboards: storyboards, sources: sources, classes: classes, idiomEntries: idiomEntries)
    }
}
