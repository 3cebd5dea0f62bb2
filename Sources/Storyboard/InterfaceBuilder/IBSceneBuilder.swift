/// Turns `<scene>` elements into ``Scene``s: the controller found by `sceneMemberID`, its segues
/// wherever they hang (buttons, cells, gesture recognizers, bar button items, the controller itself).
struct IBSceneBuilder {
    private(set) var scenes: [SceneID: Scene] = [:]
    /// Scene ids in document order.
    private(set) var order: [SceneID] = []
    private(set) var warnings: [String] = []
    /// Storyboard references: placeholder scene id → (storyboard name, referenced identifier).
    private(set) var references: [SceneID: (storyboard: String?, identifier: String?)] = [:]
    /// The names of the system symbols the document's resources list.
    var systemImages: Set<String> = []

    static let controllerKinds: [String: SceneKind] = [
        "viewController": .viewController, "navigationController": .navigationController,
        "tabBarController": .tabBarController, "splitViewController": .splitViewController,
        "pageViewController": .pageViewController, "tableViewController": .tableViewController,
        "collectionViewController": .collectionViewController, "hostingController": .hostingController,
        "avPlayerViewController": .avPlayerViewController, "glkViewController": .glkViewController,
        "viewControllerPlaceholder": .viewController,
    ]

    mutating func add(_ sceneElement: XMLElementNode) {
        let objects = sceneElement.child(named: "objects")?.children ?? []
        guard let controller = objects.first(where: { $0["sceneMemberID"] == "viewController" }),
            let rawID = controller["id"]
        else {
            let id = SceneID(sceneElement["sceneID"] ?? "scene\(order.count + 1)")
            warnings.append("scene \(id) (line \(sceneElement.line)) has no view controller; kept as an empty scene")
            insert(Scene(id: id))
            return
        }
        let id = SceneID(rawID)
        let kind = Self.controllerKinds[controller.name] ?? {
            warnings.append("scene \(id): unknown controller element <\(controller.name)> is treated as a plain view controller")
            return .viewController
        }()
        var scene = Scene(id: id, kind: kind)
        scene.customClass = controller["customClass"]
        scene.customModule = controller["customModule"]
        scene.storyboardIdentifier = controller["storyboardIdentifier"]
        scene.title = controller["title"] ?? controller.descendants { $0.name == "navigationItem" }.first?["title"]
        // Interface Builder saves both as attributes of the controller element, "YES" or "NO".
        scene.definesPresentationContext = controller["definesPresentationContext"].map { $0 == "YES" }
        scene.providesPresentationContextTransitionStyle =
            controller["providesPresentationContextTransitionStyle"].map { $0 == "YES" }
        if controller.name == "viewControllerPlaceholder" {
            references[id] = (controller["storyboardName"], controller["referencedIdentifier"])
        }
        // Segues hang on the controller, on controls inside its view, and on scene-level objects
        // beside it (a bar button item, a gesture recognizer); `<segue reference>` entries repeat one.
        // A segue's own `<segue key="commit">`/`key="preview">` children (peek and pop, iOS 9–12)
        // describe how it is previewed, not segues of their own.
        var triggers: [ObjectIdentifier: [Segue]] = [:]
        var references: [(trigger: XMLElementNode, id: String)] = []
        for object in objects where object.name != "placeholder" && object.name != "exit" {
            for element in object.descendants(where: { $0.name == "segue" && $0.parent?.name != "segue" }) {
                guard let trigger = element.parent?.parent else { continue }
                if let reference = element["reference"] {
                    references.append((trigger, reference))
                } else if let segue = add(element, to: &scene, controller: controller) {
                    Self.record(segue, of: trigger, accessory: element["trigger"] != nil, in: &triggers)
                }
            }
        }
        for (trigger, id) in references {
            if let segue = scene.segues.first(where: { $0.id == id }) {
                Self.record(segue, of: trigger, accessory: false, in: &triggers)
            }
        }
        var uiReader = IBSceneUIReader(scene: id, triggers: triggers, systemImages: systemImages)
        let firstResponders = objects.filter { $0.name == "placeholder" && $0["placeholderIdentifier"] == "IBFirstResponder" }
        uiReader.controllerIDs = Set([rawID] + firstResponders.compactMap { $0["id"] })
        uiReader.sceneObjects = objects
        scene.ui = uiReader.read(controller)
        warnings += uiReader.warnings
        insert(scene)
    }

    private mutating func insert(_ scene: Scene) {
        if scenes[scene.id] == nil { order.append(scene.id) }
        scenes[scene.id] = scene
    }

    /// How a warning names a segue: its identifier, else its id in the file (a control's segues
    /// often have no identifier, and several such warnings on one scene read the same without it).
    private static func name(of segue: Segue) -> String {
        segue.identifier?.rawValue ?? segue.id.map { "with id \($0) (no identifier)" } ?? "(no identifier)"
    }

    /// What `trigger` performs when tapped: a cell's selection segue before its accessory one.
    private static func record(_ segue: Segue, of trigger: XMLElementNode, accessory: Bool, in triggers: inout [ObjectIdentifier: [Segue]]) {
        if accessory {
            triggers[ObjectIdentifier(trigger), default: []].append(segue)
        } else {
            triggers[ObjectIdentifier(trigger), default: []].insert(segue, at: 0)
        }
    }

    /// Adds the segue `element` declares to `scene`; returns it, or `nil` when it is containment or
    /// dropped.
    @discardableResult
    private mutating func add(_ element: XMLElementNode, to scene: inout Scene, controller: XMLElementNode) -> Segue? {
        let destination = element["destination"].map { SceneID($0) }
        let kindName = element["kind"] ?? ""
        if kindName == "relationship" {
            addRelationship(element["relationship"] ?? "", destination: destination, to: &scene)
            return nil
        }
        let kind: SegueKind
        if let known = SegueKind(rawValue: kindName) {
            kind = known
        } else {
            warnings.append("scene \(scene.id): segue kind \"\(kindName)\" is unknown; it is performed as a custom presentation")
            kind = .custom
        }
        var segue = Segue(kind: kind, destination: kind == .unwind ? nil : destination)
        segue.identifier = element["identifier"].map { SegueID($0) }
        segue.id = element["id"]
        segue.action = element["unwindAction"]
        segue.customClass = element["customClass"]
        segue.modalPresentationStyle = element["modalPresentationStyle"].flatMap(PresentationStyle.init(rawValue:))
        segue.modalTransitionStyle = element["modalTransitionStyle"].flatMap(TransitionStyle.init(rawValue:))
        segue.animates = element["animates"] != "NO"
        segue.popoverAnchor = element["popoverAnchorView"] ?? element["popoverAnchorBarButtonItem"]
        // <connections> holds the segue; its parent is the trigger. The controller itself as the
        // trigger means only code can perform the segue.
        segue.hasTrigger = element.parent?.parent !== controller
        if kind == .custom {
            segue.perform = .present
            warnings.append("scene \(scene.id): custom segue \(Self.name(of: segue))\(segue.customClass.map { " (\($0))" } ?? "") has code segued cannot run; it is performed as a presentation")
        }
        if kind == .unwind, segue.action == nil {
            warnings.append("scene \(scene.id): unwind segue \(Self.name(of: segue)) has no unwindAction; dropped")
            return nil
        }
        if kind != .unwind, destination == nil {
            warnings.append("scene \(scene.id): \(kind.rawValue) segue \(Self.name(of: segue)) has no destination; dropped")
            return nil
        }
        scene.segues.append(segue)
        return segue
    }

    private mutating func addRelationship(_ relationship: String, destination: SceneID?, to scene: inout Scene) {
        guard let destination else { return }
        switch relationship {
        case "rootViewController": scene.root = destination
        case "viewControllers": scene.tabs.append(destination)
        case "masterViewController": scene.primary = destination
        case "detailViewController": scene.secondary = destination
        case "supplementaryViewController": scene.supplementary = destination
        case "compactViewController": scene.compact = destination
        default:
            warnings.append("scene \(scene.id): relationship \"\(relationship)\" is not modelled; kept as a relationship segue")
            scene.segues.append(Segue(kind: .relationship, destination: destination))
        }
    }
}
