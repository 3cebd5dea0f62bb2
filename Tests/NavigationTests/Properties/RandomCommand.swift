import Navigation
import Storyboard

/// Picks a command from what the current state offers, plus deliberately wrong ones (unknown ids,
/// off-screen sources, out-of-range tabs) so that failure atomicity is exercised too.
enum RandomCommand {
    static func make(_ state: NavigationState, _ choices: inout ChoiceStream) -> Command {
        let storyboard = state.storyboard
        let sceneIDs = storyboard.sortedSceneIDs
        let onScreen = state.onScreen
        let anyID = ControllerID(rawValue: 1 + choices.next(state.createdCount + 2))
        let someSource: ControllerID? = choices.chance(70) ? nil : (choices.chance(80) ? choices.pick(onScreen.isEmpty ? [anyID] : onScreen) : anyID)
        let sourceScene = (someSource ?? state.visible).flatMap { state[$0] }.map { storyboard.scenes[$0.scene]! }
        let segues = sourceScene?.segues ?? []
        let segueIDs = segues.compactMap(\.identifier)
        let trigger: Trigger = choices.chance(75) ? .storyboard : .programmatic
        let shouldPerform: Bool? = choices.chance(10) ? false : nil
        switch choices.next(16) {
        case 0...4:
            // With no source, now and then a segue of another touchable instance (another split
            // column, an embedded child), which the default source must find.
            if someSource == nil, choices.chance(30) {
                let offered = state.triggerableSegues().filter(\.isTouchable)
                if !offered.isEmpty {
                    let segue = choices.pick(offered).segue
                    let reference: SegueReference = segue.identifier.map { .identifier($0) } ?? .id(segue.id ?? "missing")
                    return .performSegue(.init(segue: reference, trigger: trigger, shouldPerform: shouldPerform, data: data(&choices)))
                }
            }
            // By id a quarter of the time (one in twenty of those unknown), any kind: unwinds are
            // performed (spec §5.10 step 0), embeds refused, as by identifier.
            if !segues.isEmpty, choices.chance(25), let id = choices.pick(segues).id {
                return .performSegue(.init(segue: .id(choices.chance(5) ? "missing" : id), source: someSource, trigger: trigger,
                                           shouldPerform: shouldPerform, data: data(&choices)))
            }
            let identifier = segueIDs.isEmpty || choices.chance(5) ? SegueID("missing") : choices.pick(segueIDs)
            // An unwind segue's identifier goes to the unwind command half the time, else to
            // performSegue as `performSegue(withIdentifier:)` would.
            if let segue = sourceScene?.segue(identifier), segue.kind == .unwind, choices.chance(50) {
                return .unwind(.init(target: .segue(identifier), source: someSource, trigger: trigger, shouldPerform: shouldPerform,
                                     data: data(&choices)))
            }
            return .performSegue(.init(segue: .identifier(identifier), source: someSource, trigger: trigger, shouldPerform: shouldPerform,
                                       data: data(&choices)))
        case 5:
            return .unwind(.init(target: .action(choices.pick(RandomStoryboard.actions)), source: someSource, trigger: trigger, data: data(&choices)))
        case 6:
            return .pop(navigation: choices.chance(80) ? nil : anyID, animated: choices.chance(50))
        case 7:
            return choices.chance(50) ? .popToRoot(navigation: nil, animated: true) : .popTo(anyID, animated: true)
        case 8:
            return .dismiss(choices.chance(60) ? nil : anyID, animated: true)
        case 9:
            return .selectTab(index: choices.next(4), tabBar: choices.chance(80) ? nil : anyID, byUser: choices.chance(60),
                              shouldSelect: choices.chance(15) ? false : nil)
        case 10:
            return .setTraits(Traits(horizontalSizeClass: choices.pick(Traits.SizeClass.allCases), idiom: choices.pick(Traits.Idiom.allCases)))
        case 11:
            return .push(.scene(choices.pick(sceneIDs)), navigation: nil, data: data(&choices), animated: true)
        case 12:
            return .present(.scene(choices.pick(sceneIDs)), from: someSource, style: choices.pick(RandomStoryboard.styles), data: data(&choices),
                            animated: true)
        case 13:
            let kind = choices.pick([SegueKind.show, .showDetail, .presentation, .popoverPresentation, .push, .modal, .replace])
            return .performCodeSegue(.init(kind: kind, destination: .scene(choices.pick(sceneIDs)), source: someSource, data: data(&choices)))
        case 14:
            let entries: [StackEntry] = (0..<choices.next(4)).map { _ in
                choices.chance(50) ? .existing(ControllerID(rawValue: 1 + choices.next(state.createdCount))) : .new(.scene(choices.pick(sceneIDs)))
            }
            return .setViewControllers(entries, navigation: nil, animated: true)
        default:
            return choices.chance(10) ? .end : .selectTab(index: choices.next(3), tabBar: nil, byUser: true, shouldSelect: nil)
        }
    }

    /// Data for a command, now and then: one or two keys of three, so that instances are handed
    /// new keys and new values for keys they hold, of every JSON type and of varied sizes.
    private static func data(_ choices: inout ChoiceStream) -> JSONValue? {
        guard choices.chance(30) else { return nil }
        var object: [String: JSONValue] = [:]
        for _ in 0...choices.next(2) {
            let value: JSONValue
            switch choices.next(5) {
            case 0: value = .number(Double(choices.next(9)))
            case 1: value = .string(String(repeating: "é", count: choices.next(40)))
            case 2: value = .array((0..<choices.next(4)).map { _ in .bool(choices.chance(50)) })
            case 3: value = .object(["nested": .string("x"), "n": .null])
            default: value = .object([:])
            }
            object[choices.pick(["title", "item", "count"])] = value
        }
        return .object(object)
    }
}
