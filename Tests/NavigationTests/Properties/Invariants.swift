import Navigation
import Storyboard

/// The invariants of issue #2, checked after every command of a random walk: the state's are the
/// engine's own; the transcript's follow the walk's history.
struct Invariants {
    /// Instances released so far: no later event may name one.
    private(set) var released: Set<ControllerID> = []
    /// The highest id created so far: new ids must be higher (never reused).
    private(set) var highestID = 0

    /// The engine's invariants of a state (``NavigationState/invariantViolations()``), which
    /// restoring a snapshot checks too: one definition for both.
    static func check(_ state: NavigationState) -> [String] { state.invariantViolations() }

    /// Transcript invariants: will/did pairs within the operation, no event after a `deinit`, ids
    /// never reused.
    mutating func check(_ transcript: Transcript) -> [String] {
        var problems: [String] = []
        var pendingAppear: [ControllerID: Int] = [:]
        var pendingDisappear: [ControllerID: Int] = [:]
        for event in transcript.events {
            if released.contains(event.controller) {
                problems.append("event \(event) names released \(event.controller)")
            }
            switch event.method {
            case .`init`:
                if event.controller.rawValue <= highestID { problems.append("id \(event.controller) reused") }
                highestID = event.controller.rawValue
            case .`deinit`: released.insert(event.controller)
            case .viewWillAppear: pendingAppear[event.controller, default: 0] += 1
            case .viewDidAppear: pendingAppear[event.controller, default: 0] -= 1
            case .viewWillDisappear: pendingDisappear[event.controller, default: 0] += 1
            case .viewDidDisappear: pendingDisappear[event.controller, default: 0] -= 1
            default: break
            }
            if pendingAppear[event.controller, default: 0] < 0 || pendingDisappear[event.controller, default: 0] < 0 {
                problems.append("\(event) without its will-step")
            }
        }
        for (id, count) in pendingAppear where count != 0 { problems.append("\(id) viewWillAppear without viewDidAppear") }
        for (id, count) in pendingDisappear where count != 0 { problems.append("\(id) viewWillDisappear without viewDidDisappear") }
        return problems
    }
}
