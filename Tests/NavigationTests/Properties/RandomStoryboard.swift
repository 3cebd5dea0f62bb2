import Storyboard

/// Builds a valid random storyboard from choices. Relationships and embeds only point to scenes with
/// a higher index, so containment is acyclic; forward segues may point anywhere.
enum RandomStoryboard {
    static let actions = ["a:", "b:"]
    static let styles: [PresentationStyle?] = [nil, .fullScreen, .pageSheet, .formSheet, .currentContext, .overCurrentContext, .overFullScreen, .popover]

    static func make(_ choices: inout ChoiceStream) -> Storyboard {
        let count = 3 + choices.next(6)
        let ids = (0..<count).map { SceneID("s\($0)") }
        var scenes: [SceneID: Scene] = [:]
        for index in 0..<count {
            let later = Array(ids[(index + 1)...])
            var scene = Scene(id: ids[index])
            let kind: SceneKind = later.isEmpty
                ? .viewController : choices.pick([.viewController, .viewController, .tableViewController, .navigationController, .tabBarController, .splitViewController])
            scene.kind = kind
            scene.customClass = choices.chance(30) ? "Class\(choices.next(3))" : nil
            switch kind {
            case .navigationController:
                scene.root = choices.pick(later)
            case .tabBarController:
                scene.tabs = (0..<(1 + choices.next(3))).map { _ in choices.pick(later) }
                scene.selectedIndex = choices.next(scene.tabs.count)
            case .splitViewController:
                // Interface Builder allows a split view controller without columns.
                if choices.chance(90) {
                    scene.primary = choices.pick(later)
                    scene.secondary = choices.chance(70) ? choices.pick(later) : nil
                    scene.compact = choices.chance(25) ? choices.pick(later) : nil
                }
            default:
                scene.segues = (0..<choices.next(5)).map { number in segue(number, later: later, all: ids, &choices) }
                if choices.chance(40) { scene.unwindActions = [choices.pick(actions)] }
                if choices.chance(15) { scene.shouldPerformSegue = ["s0": false] }
                if choices.chance(15) { scene.canPerformUnwindSegueAction = [choices.pick(actions): choices.chance(50)] }
            }
            scene.modalPresentationStyle = choices.chance(20) ? choices.pick(styles) : nil
            scene.definesPresentationContext = choices.chance(20) ? true : nil
            scenes[scene.id] = scene
        }
        let classes = ["Class0": ClassInfo(superclass: "Class1"), "Class1": ClassInfo(unwindActions: [choices.pick(actions)])]
        return Storyboard(name: "Random", initialScene: ids[0], scenes: scenes, classes: classes)
    }

    /// Every segue has an id (`g<number>`), as in Interface Builder files; every fourth forward
    /// segue has no identifier, as a control's segue often has none, and is performed by its id.
    private static func segue(_ number: Int, later: [SceneID], all: [SceneID], _ choices: inout ChoiceStream) -> Segue {
        var segue = segueWithIdentifier(number, later: later, all: all, &choices)
        segue.id = "g\(number)"
        if number % 4 == 3, segue.kind != .embed, segue.kind != .unwind { segue.identifier = nil }
        return segue
    }

    private static func segueWithIdentifier(_ number: Int, later: [SceneID], all: [SceneID], _ choices: inout ChoiceStream) -> Segue {
        let identifier = SegueID("s\(number)")
        switch choices.next(12) {
        case 0 where !later.isEmpty:
            return Segue(identifier: identifier, kind: .embed, destination: choices.pick(later))
        case 1, 2:
            return Segue(identifier: identifier, kind: .unwind, action: choices.pick(actions))
        case 3:
            return Segue(identifier: identifier, kind: .custom, destination: choices.pick(all), perform: choices.pick([.present, .push, .replaceRoot]))
        default:
            let kind = choices.pick([SegueKind.show, .show, .showDetail, .presentation, .popoverPresentation, .push, .modal, .replace, .popover])
            return Segue(
                identifier: identifier, kind: kind, destination: choices.pick(all),
                modalPresentationStyle: choices.pick(styles), animates: choices.chance(80),
                adaptivePresentationStyle: choices.chance(20) ? choices.pick([PresentationStyle.none, .overFullScreen]) : nil)
        }
    }
}
