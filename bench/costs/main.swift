// bench/costs: what one operation costs against presentation depth and against the number of
// sessions, in instructions (run under callgrind by bench/costs/run.sh: counts repeat exactly).
//
//   bench-costs chain N STYLE OP     N presentations in STYLE (pageSheet, fullScreen), then OP:
//                                    none | present (one more) | dismissTop (the top layer) |
//                                    dismissAll | end | visible (the instance the user sees) |
//                                    push (onto a navigation controller presented on top) |
//                                    setStack (a new one-entry stack for that navigation controller) |
//                                    selectTab (the other tab of a tab bar controller presented on top) |
//                                    showDetail (a new secondary for a split view presented on top, iPad) |
//                                    traits (iPad regular to compact: every on-screen instance is told) |
//                                    replaceRoot (a custom segue replacing the window's root: all N go);
//                                    or build: the N presents themselves are measured
//   bench-costs stack N OP           a navigation stack of N, then OP: none | resend (the same N again)
//   bench-costs sessions N OP        N demo sessions, then OP: none | create | page | tick |
//                                    storyboards | stack
//
// Only `measured` is counted (callgrind --collect-atstart=no --toggle-collect='*measured*'), so
// setting up the N does not count.
import Foundation
import HTTPServer
import Logging
import Navigation
import SeguedService
import Storyboard

@inline(never)
func measured(_ body: () throws -> Void) rethrows { try body() }

let arguments = CommandLine.arguments
guard arguments.count >= 4, let n = Int(arguments[2]) else {
    print("usage: bench-costs chain N STYLE OP | stack N OP | sessions N OP")
    exit(2)
}

let plain = SceneID("plain")
let navigation = SceneID("nav")
let tabs = SceneID("tabs")
let split = SceneID("split")
let other = SceneID("other")
var scenes: [SceneID: Scene] = [:]
scenes[plain] = Scene(id: plain, customClass: "PlainViewController", segues: [
    Segue(identifier: SegueID("replaceRoot"), kind: .custom, destination: other, perform: .replaceRoot),
])
scenes[other] = Scene(id: other, customClass: "OtherViewController")
scenes[navigation] = Scene(id: navigation, kind: .navigationController, root: plain)
scenes[tabs] = Scene(id: tabs, kind: .tabBarController, tabs: [plain, other])
scenes[split] = Scene(id: split, kind: .splitViewController, primary: navigation, secondary: other)
let storyboard = Storyboard(name: "Costs", initialScene: plain, scenes: scenes)

switch arguments[1] {
case "chain":
    let style = PresentationStyle(rawValue: arguments[3])!
    let op = arguments.count > 4 ? arguments[4] : "none"
    /// N layers, then `op`, inside `measured` only when `measure` is set.
    func chain(_ n: Int, measure: Bool) throws -> String {
        // iPad for the rows about splits and traits (a split is expanded in regular width).
        let pad = op == "showDetail" || op == "traits"
        var (state, _) = try Navigator.launch(storyboard, traits: pad ? .pad : .phone)
        let present = Command.present(.scene(plain), from: nil, style: style, data: nil, animated: false)
        func build() throws {
            for _ in 0..<n { _ = try Navigator.apply(present, to: &state) }
        }
        if op != "build" { try build() }
        // `push`: a navigation controller presented on top, in the same style, is pushed onto.
        let onTop = ["push": navigation, "setStack": navigation, "selectTab": tabs, "showDetail": split][op]
        if let onTop { _ = try Navigator.apply(.present(.scene(onTop), from: nil, style: style, data: nil, animated: false), to: &state) }
        var events = 0
        func run() throws {
            switch op {
            case "build": try build()
            case "present": events = try Navigator.apply(present, to: &state).events.count
            case "dismissTop": events = try Navigator.apply(.dismiss(nil, animated: false), to: &state).events.count
            case "dismissAll": events = try Navigator.apply(.dismiss(ControllerID(rawValue: 1), animated: false), to: &state).events.count
            case "end": events = try Navigator.apply(.end, to: &state).events.count
            case "visible": events = state.visible == nil ? 0 : 1
            case "push": events = try Navigator.apply(.push(.scene(plain), navigation: nil, data: nil, animated: false), to: &state).events.count
            case "setStack":
                events = try Navigator.apply(.setViewControllers([.new(.scene(plain))], navigation: nil, animated: false), to: &state).events.count
            case "selectTab":
                events = try Navigator.apply(.selectTab(index: 1, tabBar: nil, byUser: true, shouldSelect: true), to: &state).events.count
            case "showDetail":
                events = try Navigator.apply(.performCodeSegue(.init(kind: .showDetail, destination: .scene(plain), animated: false)), to: &state).events.count
            case "traits":
                events = try Navigator.apply(.setTraits(Traits(horizontalSizeClass: .compact, idiom: .pad)), to: &state).events.count
            case "replaceRoot":
                events = try Navigator.apply(.performSegue(.init(segue: .identifier(SegueID("replaceRoot")), animated: false)), to: &state).events.count
            default: break
            }
        }
        if measure { try measured(run) } else { try run() }
        return "chain \(n) \(style.rawValue) \(op): \(events) events, \(state.liveCount) live"
    }
    // The same operation once on 20 layers first, uncounted: the first use of a code path pays
    // one-time costs (protocol conformance lookups, metadata) that are no part of its cost in a
    // running daemon (they were ~650,000 instructions, whatever N).
    _ = try chain(20, measure: false)
    print(try chain(n, measure: true))
case "stack":
    let op = arguments[3]
    /// A stack of N, then `op`, inside `measured` only when `measure` is set.
    func stack(_ n: Int, measure: Bool) throws -> String {
        var (state, _) = try Navigator.launch(storyboard, initialScene: navigation)
        let fill = Command.setViewControllers(Array(repeating: .new(.scene(plain)), count: n), navigation: nil, animated: false)
        _ = try Navigator.apply(fill, to: &state)
        let existing = state.controllers.filter { $0.kind != .navigationController }.map { StackEntry.existing($0.id) }
        var events = 0
        func run() throws {
            if op == "resend" {
                events = try Navigator.apply(.setViewControllers(existing, navigation: nil, animated: false), to: &state).events.count
            }
        }
        if measure { try measured(run) } else { try run() }
        return "stack \(n) \(op): \(events) events, \(state.liveCount) live"
    }
    // Once first, uncounted, as for chains; on 300 entries, so the long-list paths (sets) run too.
    _ = try stack(300, measure: false)
    print(try stack(n, measure: true))
case "sessions":
    let op = arguments[3]
    var quiet = Logger(label: "bench")
    quiet.logLevel = .critical
    let service = SeguedService(configuration: ServiceConfiguration(maxSessions: n + 10, eventLogCapacity: 1), logger: quiet)
    func request(_ method: String, _ path: String, _ body: String? = nil, query: [(name: String, value: String)] = []) -> Request {
        Request(
            method: method, path: path, query: query, headers: body == nil ? [:] : ["content-type": "application/json"],
            body: Array((body ?? "").utf8))
    }
    // Ids of one width, so that `s00…` order is creation order and the middle is known.
    func id(_ index: Int) -> String {
        let digits = String(index)
        return "s" + String(repeating: "0", count: 8 - digits.count) + digits
    }
    for index in 0..<n { precondition(service.handle(request("PUT", "/v1/sessions/\(id(index))", #"{"storyboard": "demo"}"#)).status == 201) }
    var status = 0
    measured {
        switch op {
        case "create": status = service.handle(request("PUT", "/v1/sessions/x", #"{"storyboard": "demo"}"#)).status
        case "page": status = service.handle(request("GET", "/v1/sessions", query: [("after", id(n / 2)), ("limit", "100")])).status
        case "tick": status = service.expireIdleSessions().count
        case "storyboards": status = service.handle(request("GET", "/v1/storyboards")).status
        case "stack": status = service.handle(request("GET", "/v1/sessions/\(id(n / 2))/stack")).status
        default: break
        }
    }
    print("sessions \(n) \(op): \(status)")
default:
    print("unknown benchmark \(arguments[1])")
    exit(2)
}
