public import Navigation
public import Storyboard

/// One alternative of a control's action method (spec §5.13): what `segued explore` taps and its
/// coverage counts beside segues and unwinds. Actions that navigate nowhere (`performs: []`) are
/// none; an alternative whose calls were not all read is one, never exercised, with the reason.
public struct ActionKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var scene: String
    /// The control's label.
    public var control: String
    /// Its place among the scene's tappable controls with that label, from 1.
    public var occurrence: Int
    /// How many tappable controls of the scene share the label: a tap names the occurrence when
    /// more than one does.
    public var sharing: Int
    /// The alternative's condition; nil for an action without alternatives.
    public var when: String?
    public var selector: String
    /// Why some call of the alternative was not read; nil when a tap performs it.
    public var unread: String?

    /// `edit → tap "cancel" (cancel:)`, with `#2` and `when "…"` as a flow step writes them.
    public var name: String {
        "\(scene) → tap \(FlowCommandWriter.line(.tap(request(source: nil))).dropFirst(4)) (\(selector))"
    }

    public var description: String { name }

    /// The tap that performs it, from `source` (nil: the default source).
    public func request(source: ControllerID?) -> Command.TapRequest {
        Command.TapRequest(control: control, source: source, occurrence: sharing > 1 ? occurrence : nil, when: when)
    }

    public static func < (lhs: ActionKey, rhs: ActionKey) -> Bool {
        (lhs.scene, lhs.control, lhs.occurrence, lhs.when ?? "") < (rhs.scene, rhs.control, rhs.occurrence, rhs.when ?? "")
    }

    public static func == (lhs: ActionKey, rhs: ActionKey) -> Bool {
        lhs.scene == rhs.scene && lhs.control == rhs.control && lhs.occurrence == rhs.occurrence && lhs.when == rhs.when
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(scene)
        hasher.combine(control)
        hasher.combine(occurrence)
        hasher.combine(when)
    }

    /// The alternatives of the actions of `scene`'s controls that are not wired to a segue, in
    /// reading order.
    public static func all(in scene: Scene) -> [ActionKey] {
        let tappable = scene.ui?.labelledControls.filter(\.isTappable) ?? []
        var keys: [ActionKey] = []
        var seen: [String: Int] = [:]
        for control in tappable {
            seen[control.label, default: 0] += 1
            guard control.trigger == nil, let action = control.action, !action.performs.isEmpty else { continue }
            let sharing = tappable.filter { $0.label == control.label }.count
            let choices: [String?] = action.choices.isEmpty ? [nil] : action.choices
            for when in choices {
                let reasons = CodeAction.unreadReasons(action.taken(when: when))
                keys.append(ActionKey(
                    scene: scene.id.rawValue, control: control.label, occurrence: seen[control.label]!, sharing: sharing, when: when,
                    selector: action.selector, unread: reasons.isEmpty ? nil : reasons.joined(separator: "; ")))
            }
        }
        return keys
    }

    /// Every scene's (``all(in:)``), by scene.
    public static func all(in storyboard: Storyboard) -> [ActionKey] {
        storyboard.sceneTable.flatMap { all(in: $0) }.sorted()
    }

    /// The taps a person can make in `state`: every alternative that a tap performs, of the
    /// instances a person can touch, each with the key it exercises.
    static func taps(in state: NavigationState) -> [(line: String, key: ActionKey)] {
        var taps: [(line: String, key: ActionKey)] = []
        for source in state.touchableInstances {
            guard let instance = state[source] else { continue }
            for key in all(in: state.storyboard[instance.sceneIndex]) where key.unread == nil {
                let named = state.defaultTapSource(for: key.control) == source ? nil : source
                taps.append((FlowCommandWriter.line(.tap(key.request(source: named))), key))
            }
        }
        return taps
    }
}
