import Navigation
import Storyboard

/// The invariants of issue #2, checked after every command of a random walk.
struct Invariants {
    /// Instances released so far: no later event may name one.
    private(set) var released: Set<ControllerID> = []
    /// The highest id created so far: new ids must be higher (never reused).
    private(set) var highestID = 0

    /// Structural invariants of a state: every instance has exactly one place, relations agree both
    /// ways and name only live instances, the on-screen set is exactly the appeared instances, and
    /// `dataSize` is what the live instances' properties add up to.
    static func check(_ state: NavigationState) -> [String] {
        var problems: [String] = []
        let live = Dictionary(uniqueKeysWithValues: state.controllers.map { ($0.id, $0) })
        for controller in live.values {
            var places = 0
            if state.windowRoot == controller.id { places += 1 }
            if let parent = controller.parent {
                if live[parent]?.children.contains(controller.id) == true { places += 1 } else { problems.append("\(controller.id) names parent \(parent) that does not hold it") }
            }
            if let presenting = controller.presenting {
                if live[presenting]?.presented == controller.id { places += 1 } else { problems.append("\(controller.id) names presenter \(presenting) that does not present it") }
            }
            if places != 1 { problems.append("\(controller.id) has \(places) places") }
            for child in controller.children where live[child]?.parent != controller.id {
                problems.append("\(controller.id) holds \(child), whose parent is not \(controller.id)")
            }
            if let presented = controller.presented, live[presented]?.presenting != controller.id {
                problems.append("\(controller.id) presents \(presented), which does not name it")
            }
            if let split = controller.split {
                for column in [split.primary, split.secondary, split.supplementary].compactMap({ $0 }) where live[column] == nil {
                    problems.append("\(controller.id)'s split names released \(column)")
                }
            }
            if controller.appearance == .appearing || controller.appearance == .disappearing {
                problems.append("\(controller.id) left in \(controller.appearance)")
            }
        }
        let dataSize = live.values.reduce(0) { $0 + JSONValue.approximateSize(ofEntries: $1.properties) }
        if state.dataSize != dataSize { problems.append("dataSize \(state.dataSize), but the instances hold \(dataSize)") }
        let appeared = Set(live.values.filter { $0.appearance == .appeared }.map(\.id))
        if appeared != Set(state.onScreen) {
            problems.append("on screen \(state.onScreen.sorted()) but appeared \(appeared.sorted())")
        }
        return problems
    }

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
