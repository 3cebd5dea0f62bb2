/// The `<classes>` section of old storyboards (Xcode 4 and 5): class names, superclasses and the
/// actions that take a `UIStoryboardSegue`, which are unwind actions.
enum IBClassesSection {
    static func read(_ document: XMLElementNode) -> [String: ClassInfo] {
        var classes: [String: ClassInfo] = [:]
        for element in document.child(named: "classes")?.children(named: "class") ?? [] {
            guard let name = element["className"] else { continue }
            let actions = element.descendants { $0.name == "relationship" && $0["kind"] == "action" && $0["candidateClass"] == "UIStoryboardSegue" }
                .compactMap { $0["name"] }
            classes[name] = ClassInfo(superclass: element["superclassName"], unwindActions: actions)
        }
        return classes
    }
}
