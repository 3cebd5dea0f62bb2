// bench/engine: the navigation engine's speed and a session's memory. A benchmark, not a test:
// it prints figures and their ratio to the targets of the navigation engine issue.
//
//   push+pop pairs per second, one core          target ≥ 200,000/s
//   unwinds across 10 levels per second           (reported)
//   resident bytes per launched demo session      target ≤ 4 KB apart from its event log
import Foundation
import HTTPServer
import Logging
import Navigation
import SeguedService
import Storyboard

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Resident set size from /proc/self/statm (pages × page size).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
}

func report(_ name: String, _ value: Double, unit: String, target: Double?, higherIsBetter: Bool = true) {
    var line = String(format: "%-48@ %14.0f %@", name as NSString, value, unit as NSString)
    if let target {
        let ratio = higherIsBetter ? value / target : target / value
        line += String(format: "   target %.0f  ratio %.2f  %@", target, ratio, ratio >= 1 ? "PASS" : "MISS")
    }
    print(line)
}

let demo = DemoStoryboard.storyboard
/// `BENCH_ONLY=pushpop|unwind|memory|service` runs one part (for profiling under callgrind).
let only = ProcessInfo.processInfo.environment["BENCH_ONLY"]
func runs(_ part: String) -> Bool { only == nil || only == part }

// 1. push+pop pairs: a storyboard show segue onto the Items stack, then pop.
if runs("pushpop") {
    var (state, _) = try Navigator.launch(demo)
    let push = Command.performSegue(.init(segue: .identifier(SegueID("showItem")), trigger: .programmatic))
    let pop = Command.pop(navigation: nil, animated: true)
    for _ in 0..<10_000 {
        _ = try Navigator.apply(push, to: &state)
        _ = try Navigator.apply(pop, to: &state)
    }
    let pairs = Int(ProcessInfo.processInfo.environment["BENCH_PAIRS"] ?? "") ?? 300_000
    let elapsed = try seconds {
        for _ in 0..<pairs {
            _ = try Navigator.apply(push, to: &state)
            _ = try Navigator.apply(pop, to: &state)
        }
    }
    report("push+pop pairs per second (one core)", Double(pairs) / elapsed, unit: "/s", target: 200_000)
}

// 2. An unwind across 10 pushed levels back to the root of a navigation stack.
if runs("unwind") {
    var scenes: [SceneID: Scene] = [:]
    scenes[SceneID("nav")] = Scene(id: SceneID("nav"), kind: .navigationController, root: SceneID("start"))
    scenes[SceneID("start")] = Scene(
        id: SceneID("start"), customClass: "StartViewController",
        segues: [Segue(identifier: SegueID("next"), kind: .show, destination: SceneID("step"))], unwindActions: ["unwindToStart:"])
    scenes[SceneID("step")] = Scene(
        id: SceneID("step"), customClass: "StepViewController",
        segues: [
            Segue(identifier: SegueID("next"), kind: .show, destination: SceneID("step")),
            Segue(identifier: SegueID("back"), kind: .unwind, action: "unwindToStart:"),
        ])
    let deep = Storyboard(name: "Deep", initialScene: SceneID("nav"), scenes: scenes)
    var (prepared, _) = try Navigator.launch(deep)
    for _ in 0..<10 {
        _ = try Navigator.apply(.performSegue(.init(segue: .identifier(SegueID("next")), trigger: .programmatic)), to: &prepared)
    }
    let unwind = Command.unwind(.init(target: .segue(SegueID("back"))))
    let count = 50_000
    var check = 0
    let elapsed = try seconds {
        for _ in 0..<count {
            var state = prepared
            check &+= try Navigator.apply(unwind, to: &state).events.count
        }
    }
    precondition(check == count * (check / count), "unwind transcript sizes differ")
    report("unwinds across 10 levels per second", Double(count) / elapsed, unit: "/s", target: nil)
}

// 3. Memory: 100,000 launched demo sessions, as the engine holds them and as the service does.
if runs("memory") {
    let sessions = 100_000
    var states: [NavigationState] = []
    states.reserveCapacity(sessions)
    let before = residentBytes()
    for _ in 0..<sessions { states.append(try Navigator.launch(demo).0) }
    let perState = Double(residentBytes() - before) / Double(sessions)
    report("bytes per demo session (engine state)", perState, unit: "B", target: 4096, higherIsBetter: false)
    // `states` stays alive: freed memory would be reused by the next phase without growing the RSS.

    // The service's session (state, lock, idempotency cache, an event log of one event).
    var quiet = Logger(label: "bench")
    quiet.logLevel = .critical
    let service = SeguedService(configuration: ServiceConfiguration(maxSessions: sessions + 1, eventLogCapacity: 1), logger: quiet)
    let request = HTTPRequestFactory.createDemoSession()
    let beforeService = residentBytes()
    for _ in 0..<sessions { precondition(service.handle(request).status == 201) }
    precondition(states.count == sessions)
    let perSession = Double(residentBytes() - beforeService) / Double(sessions)
    report("bytes per demo session (service, log of 1 event)", perSession, unit: "B", target: 4096, higherIsBetter: false)
}

// 4. The service without sockets: handle(_:) for GET …/stack and for a present + unwind pair, on one
// session and spread over many.
if runs("service") {
    var quiet = Logger(label: "bench")
    quiet.logLevel = .critical
    let service = SeguedService(logger: quiet)
    _ = service.handle(HTTPRequestFactory.putDemoSession("s0"))
    let stack = Request(method: "GET", path: "/v1/sessions/s0/stack")
    let count = Int(ProcessInfo.processInfo.environment["BENCH_PAIRS"] ?? "") ?? 100_000
    let stackSeconds = seconds { for _ in 0..<count { precondition(service.handle(stack).status == 200) } }
    report("service GET stack per second (in process)", Double(count) / stackSeconds, unit: "/s", target: nil)
    let present = HTTPRequestFactory.present("s0")
    let cancel = HTTPRequestFactory.cancel("s0")
    let pairSeconds = seconds {
        for _ in 0..<count / 2 {
            precondition(service.handle(present).status == 200)
            precondition(service.handle(cancel).status == 200)
        }
    }
    report("service segue+unwind requests per second (in process)", Double(count) / pairSeconds, unit: "/s", target: nil)

    // The same requests over many sessions (`BENCH_SESSIONS`, 1,000 as bench/http's (b) load): each
    // request finds its session's state and event log cold, as the daemon does.
    let spread = max(1, Int(ProcessInfo.processInfo.environment["BENCH_SESSIONS"] ?? "") ?? 1000)
    for index in 1..<spread { _ = service.handle(HTTPRequestFactory.putDemoSession("s\(index)")) }
    let presents = (0..<spread).map { HTTPRequestFactory.present("s\($0)") }
    let cancels = (0..<spread).map { HTTPRequestFactory.cancel("s\($0)") }
    let spreadSeconds = seconds {
        for round in 0..<count / spread {
            let list = round % 2 == 0 ? presents : cancels
            for request in list { precondition(service.handle(request).status == 200) }
        }
    }
    report("service segue+unwind over \(spread) sessions per second", Double(count / spread * spread) / spreadSeconds, unit: "/s", target: nil)
}
