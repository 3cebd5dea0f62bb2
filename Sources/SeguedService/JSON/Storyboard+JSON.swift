import Storyboard

extension JSONWriter {
    /// The normalized graph in the `segued.storyboard/1` format: keys sorted, defaults spelled out
    /// where they matter, so that it loads back to the same storyboard and hashes stably.
    mutating func storyboard(_ storyboard: Storyboard) {
        object { w in
            w.key("format"); w.string(StoryboardJSONLoader.format)
            w.key("name"); w.string(storyboard.name)
            w.key("initialScene"); w.string(storyboard.initialScene.rawValue)
            // Only when there are some: the documents of every other storyboard, and their ids, stay as they were.
            if !storyboard.idiomInitialScenes.isEmpty {
                w.key("idiomInitialScenes")
                w.object { w in
                    for idiom in storyboard.idiomInitialScenes.keys.sorted() { w.key(idiom); w.string(storyboard.idiomInitialScenes[idiom]!.rawValue) }
                }
            }
            if !storyboard.documents.isEmpty {
                w.key("documents"); w.array { w in for document in storyboard.documents { w.string(document) } }
            }
            w.key("scenes")
            w.object { w in
                for id in storyboard.sortedSceneIDs {
                    w.key(id.rawValue)
                    w.scene(storyboard.scenes[id]!)
                }
            }
            w.key("classes")
            w.object { w in
                for name in storyboard.classes.keys.sorted() {
                    let info = storyboard.classes[name]!
                    w.key(name)
                    w.object { w in
                        if let superclass = info.superclass { w.key("superclass"); w.string(superclass) }
                        w.key("unwindActions"); w.array { w in for action in info.unwindActions { w.string(action) } }
                    }
                }
            }
        }
    }

    private mutating func scene(_ scene: Scene) {
        object { w in
            w.key("kind"); w.string(scene.kind.rawValue)
            if let customClass = scene.customClass { w.key("class"); w.string(customClass) }
            if let module = scene.customModule { w.key("module"); w.string(module) }
            if let title = scene.title { w.key("title"); w.string(title) }
            if let identifier = scene.storyboardIdentifier { w.key("storyboardIdentifier"); w.string(identifier) }
            if let root = scene.root { w.key("root"); w.string(root.rawValue) }
            if !scene.tabs.isEmpty {
                w.key("tabs"); w.array { w in for tab in scene.tabs { w.string(tab.rawValue) } }
                w.key("selectedIndex"); w.int(scene.selectedIndex)
            }
            if let primary = scene.primary { w.key("primary"); w.string(primary.rawValue) }
            if let supplementary = scene.supplementary { w.key("supplementary"); w.string(supplementary.rawValue) }
            if let secondary = scene.secondary { w.key("secondary"); w.string(secondary.rawValue) }
            if let compact = scene.compact { w.key("compact"); w.string(compact.rawValue) }
            if let style = scene.modalPresentationStyle { w.key("modalPresentationStyle"); w.string(style.rawValue) }
            if let style = scene.modalTransitionStyle { w.key("modalTransitionStyle"); w.string(style.rawValue) }
            if let defines = scene.definesPresentationContext { w.key("definesPresentationContext"); w.bool(defines) }
            if let provides = scene.providesPresentationContextTransitionStyle {
                w.key("providesPresentationContextTransitionStyle"); w.bool(provides)
            }
            if !scene.unwindActions.isEmpty {
                w.key("unwindActions"); w.array { w in for action in scene.unwindActions { w.string(action) } }
            }
            w.boolMap("shouldPerformSegue", scene.shouldPerformSegue)
            w.boolMap("canPerformUnwindSegueAction", scene.canPerformUnwindSegueAction)
            if !scene.segues.isEmpty {
                w.key("segues"); w.array { w in for segue in scene.segues { w.segueDefinition(segue) } }
            }
            if let ui = scene.ui { w.key("ui"); w.sceneUI(ui) }
            if let missing = scene.missingReference {
                w.key("missingReference")
                w.object { w in
                    w.key("storyboard"); w.string(missing.storyboard)
                    w.key("identifier"); w.string(missing.identifier)
                }
            }
        }
    }

    private mutating func boolMap(_ name: String, _ map: [String: Bool]) {
        guard !map.isEmpty else { return }
        key(name)
        object { w in
            for key in map.keys.sorted() {
                w.key(key)
                w.bool(map[key]!)
            }
        }
    }

    private mutating func segueDefinition(_ segue: Segue) {
        object { w in
            w.key("kind"); w.string(segue.kind.rawValue)
            if let identifier = segue.identifier { w.key("identifier"); w.string(identifier.rawValue) }
            if let id = segue.id { w.key("id"); w.string(id) }
            if let destination = segue.destination { w.key("destination"); w.string(destination.rawValue) }
            if let action = segue.action { w.key("action"); w.string(action) }
            if let perform = segue.perform { w.key("perform"); w.string(perform.rawValue) }
            if let customClass = segue.customClass { w.key("customClass"); w.string(customClass) }
            if let anchor = segue.popoverAnchor { w.key("popoverAnchor"); w.string(anchor) }
            if let style = segue.modalPresentationStyle { w.key("modalPresentationStyle"); w.string(style.rawValue) }
            if let style = segue.modalTransitionStyle { w.key("modalTransitionStyle"); w.string(style.rawValue) }
            if !segue.animates { w.key("animates"); w.bool(false) }
            if let style = segue.adaptivePresentationStyle { w.key("adaptivePresentationStyle"); w.string(style.rawValue) }
            if !segue.hasTrigger { w.key("trigger"); w.string("controller") }
        }
    }

    /// `{"<name>": {"scenes": N, "segues": {"<kind>": N, …}}}`, relationships counted under
    /// `relationship` (api.md).
    mutating func summary(_ storyboard: Storyboard) {
        let groups = storyboard.scenesByDocument
        object { w in
            for document in groups.keys.sorted() {
                let ids = groups[document]!
                let kinds = storyboard.segueCounts(of: ids)
                w.key(document)
                w.object { w in
                    w.key("scenes"); w.int(ids.count)
                    w.key("segues")
                    w.object { w in
                        for kind in kinds.keys.sorted() {
                            w.key(kind)
                            w.int(kinds[kind]!)
                        }
                    }
                }
            }
        }
    }
}
