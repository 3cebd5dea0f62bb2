/// Gesture recognizers (spec §5.13): in Interface Builder's XML a recognizer is an object of the
/// scene beside its controller (`<tapGestureRecognizer id=…>`), a view holds it through
/// `<outletCollection property="gestureRecognizers" destination=…>`, and it sends an action
/// (`<action selector=…>`) or triggers a segue. Each one attached to a view that sends or triggers
/// something becomes a control of the scene's UI, after the view it is attached to, so that a tap
/// performs it. One attached to no view is not: no touch reaches it.
extension IBSceneUIReader {
    /// Longest view name a recognizer's name quotes, in characters: a paragraph label's whole text
    /// would make a name no one types.
    static let maxViewNameLength = 40

    /// The recognizers attached to each view of `controller`, by the view, each view's in the order
    /// of its outlets. A UIKit recognizer belongs to one view, yet older Interface Builders wrote some
    /// attached to two (GoMap's 2013 storyboard): the last in document order keeps it.
    func attachments(in controller: XMLElementNode) -> [ObjectIdentifier: [XMLElementNode]] {
        var recognizers: [String: XMLElementNode] = [:]
        for object in sceneObjects where GestureUI.Kind.elements[object.name] != nil {
            if let id = object["id"] { recognizers[id] = object }
        }
        guard !recognizers.isEmpty else { return [:] }
        let holders = controller.descendants { $0.name == "outletCollection" && $0["property"] == "gestureRecognizers" }
            .compactMap { outlet in outlet["destination"].flatMap { id in outlet.parent?.parent.map { (id, $0) } } }
            .filter { recognizers[$0.0] != nil }
        var holder: [String: XMLElementNode] = [:]
        for (id, view) in holders { holder[id] = view }
        // Each view's recognizers in the order of its own outlets.
        var attached: [ObjectIdentifier: [XMLElementNode]] = [:]
        var added: Set<String> = []
        for (id, view) in holders where holder[id] === view && added.insert(id).inserted {
            attached[ObjectIdentifier(view), default: []].append(recognizers[id]!)
        }
        return attached
    }

    /// The controls of the recognizers attached to `view` that send an action or trigger a segue, in
    /// the order the view adds them; `control` is what the reader made of the view, if anything.
    mutating func recognizers(of view: XMLElementNode, control: ControlUI? = nil, isSceneView: Bool = false) -> [ControlUI] {
        guard let attached = attachedRecognizers[ObjectIdentifier(view)] else { return [] }
        var found: [ControlUI] = []
        for recognizer in attached {
            let trigger = trigger(of: recognizer)
            let action = action(of: recognizer)
            guard trigger != nil || action != nil, let kind = GestureUI.Kind.elements[recognizer.name] else { continue }
            let isSwipe = kind == .swipe || kind == .screenEdgePan
            let gesture = GestureUI(
                kind: kind, direction: isSwipe ? (recognizer["direction"] ?? recognizer["edges"]) : nil,
                taps: kind == .tap ? Self.count(recognizer["numberOfTapsRequired"]) : nil,
                touches: [.tap, .swipe, .longPress].contains(kind) ? Self.count(recognizer["numberOfTouchesRequired"]) : nil,
                view: viewName(view, control: control, isSceneView: isSceneView))
            var control = ControlUI(kind: .gestureRecognizer, trigger: trigger)
            control.action = action
            control.userLabel = text(recognizer["userLabel"].flatMap { $0.isEmpty ? nil : $0 })
            control.text = text(control.userLabel ?? gesture.title)
            control.gesture = gesture
            found.append(control)
        }
        return found
    }

    /// A count of taps or touches more than one; nil for one, absent or unreadable.
    private static func count(_ value: String?) -> Int? {
        guard let value, let count = Int(value), count > 1, count <= 100 else { return nil }
        return count
    }

    /// The view's name as a person recognises it: what the reader made of it (a button's title, a
    /// label's text, a cell's label); else a label's text, a button's title, its Interface Builder
    /// label, its image, its class; else its kind in words (`image view`); `the view` for the
    /// scene's view.
    private func viewName(_ view: XMLElementNode, control: ControlUI?, isSceneView: Bool) -> String {
        let candidates: [String?] = [
            control?.label, view.name == "label" ? Self.labelText(view) : nil, view.name == "button" ? Self.buttonTitle(view) : nil,
            view["userLabel"], view["image"], view["customClass"],
        ]
        guard let name = candidates.lazy.compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
            return isSceneView ? "the view" : Self.words(view.name)
        }
        let line = name.split(whereSeparator: \.isNewline).first.map(String.init) ?? name
        return line.count > Self.maxViewNameLength ? String(line.prefix(Self.maxViewNameLength)) + "…" : line
    }

    /// An element's name in words: `imageView` → `image view`.
    static func words(_ name: String) -> String {
        var words = ""
        for character in name {
            if character.isUppercase { words += " " + character.lowercased() } else { words.append(character) }
        }
        return words
    }
}
