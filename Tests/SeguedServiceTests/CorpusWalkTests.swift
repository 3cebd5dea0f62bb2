import Foundation
import HTTPServer
import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

/// The acceptance layer through the service's routes: every storyboard of `../shared/storyboards`
/// is uploaded as Interface Builder XML and walked. Each step performs one of the segues or unwinds
/// that `GET …/segues` offers, or a pop, dismiss, back or tab switch. What the service offers must
/// be performable; every answer must agree with the rest of the API: the transcript's events
/// continue the session's sequence, its stack is what `GET …/stack` answers next, the revision moves
/// by one exactly when something was performed, a refused action changes nothing, and the event log
/// holds exactly the events the answers carried.
struct CorpusWalkTests {
    static let steps = 80

    static let files = SharedCorpus.storyboardFiles.map(\.lastPathComponent)

    @Test(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository"), arguments: files)
    func walk_agreesWithWhatTheServiceOffersAndReports(_ file: String) throws {
        // A log large enough for the whole walk, so that it can be compared with the answers.
        let service = SeguedService(configuration: ServiceConfiguration(eventLogCapacity: 1_000_000, eventLogBytes: 1 << 30))
        let xml = try Data(contentsOf: SharedCorpus.folder.appendingPathComponent(file))
        let upload = service.handle(
            Request(method: "POST", path: "/v1/storyboards", headers: ["Content-Type": "application/xml"], body: Array(xml)))
        #expect(upload.status == 201, "\(upload.text)")
        let storyboard = try #require(upload.json["id"]?.stringValue)
        let created = service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(storyboard)"}"#))
        #expect(created.status == 201, "\(created.text)")
        let session = try #require(created.json["id"]?.stringValue)
        var revision = try #require(created.json["revision"]?.intValue)
        var events = try #require(created.json["events"]?.arrayValue)
        var choices = WalkChoices(seed: file.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) })

        var offeredCount = 0, everOffered = false
        for step in 0..<Self.steps {
            let offer = try service.handle(.make("GET", "/v1/sessions/\(session)/segues")).json
            everOffered = everOffered || offer["segues"]?.arrayValue?.isEmpty == false || offer["unwinds"]?.arrayValue?.isEmpty == false
            let (path, body, offered) = Self.nextOperation(offer, &choices)
            let answer = service.handle(.make("POST", "/v1/sessions/\(session)/\(path)", json: body))
            let context = "\(file) step \(step): POST …/\(path) \(body) → \(answer.status)"
            let stack = try service.handle(.make("GET", "/v1/sessions/\(session)/stack")).json
            guard answer.status == 200 else {
                // Only an action the walk made up may be refused, and then nothing changed.
                #expect(!offered && answer.status < 500, "\(context): \(answer.text)")
                #expect(stack["revision"]?.intValue == revision, "\(context)")
                continue
            }
            let transcript = try answer.json
            let performed = try #require(transcript["performed"]?.boolValue as Bool?, "\(context)")
            if offered { offeredCount += 1 }
            #expect(transcript["revision"]?.intValue == revision + (performed ? 1 : 0), "\(context)")
            revision = try #require(transcript["revision"]?.intValue)
            #expect(transcript["stack"]?["path"] == stack["path"], "\(context)")
            #expect(transcript["stack"]?["revision"] == stack["revision"], "\(context)")
            let new = try #require(transcript["events"]?.arrayValue, "\(context)")
            let last = events.last?["seq"]?.intValue ?? 0
            #expect(new.map { $0["seq"]?.intValue } == new.indices.map { last + 1 + $0 }, "\(context)")
            events += new
        }
        // Some corpus storyboards never offer anything (no segues from what is on screen); the
        // others' offers were taken.
        #expect(offeredCount > 0 || !everOffered, "\(file): offered segues were never performed")
        // Compared event by event: a failure names the first difference instead of printing both logs.
        let log = Self.log(of: session, in: service)
        let difference = log.indices.first { $0 >= events.count || log[$0] != events[$0] }
        #expect(log.count == events.count && difference == nil,
                "\(file): the log has \(log.count) events, the answers \(events.count); first difference at \(difference.map { "\($0)" } ?? "none")")
    }

    /// One of the offered segues and unwinds (`offered`), or, one step in five or when nothing is
    /// offered, an action that may be refused. Segues alternate between identifier and id where
    /// they have both, unwinds between action, identifier and (through `…/segues`) identifier or id.
    static func nextOperation(_ offer: JSONValue, _ choices: inout WalkChoices) -> (path: String, body: String, offered: Bool) {
        let segues = offer["segues"]?.arrayValue ?? []
        let unwinds = offer["unwinds"]?.arrayValue ?? []
        let pick = choices.next(below: 5 * (segues.count + unwinds.count) / 4 + 1)
        if pick < segues.count {
            // By identifier, or by id when it has none, and one time in two when it has both.
            let segue = segues[pick]
            let source = segue["source"]?.stringValue ?? ""
            if let identifier = segue["identifier"]?.stringValue, segue["id"]?.stringValue == nil || choices.next(below: 2) == 0 {
                return ("segues", #"{"identifier": "\#(identifier)", "source": "\#(source)"}"#, true)
            }
            return ("segues", #"{"id": "\#(segue["id"]?.stringValue ?? "")", "source": "\#(source)"}"#, true)
        }
        if pick < segues.count + unwinds.count {
            let unwind = unwinds[pick - segues.count]
            let source = unwind["source"]?.stringValue ?? ""
            // By the unwind endpoint's identifier, or through POST …/segues by identifier or id as
            // performSegue(withIdentifier:) does (spec §5.10 step 0), or by action.
            switch (unwind["identifier"]?.stringValue, unwind["id"]?.stringValue, choices.next(below: 3)) {
            case (let identifier?, _, 0):
                return ("unwind", #"{"identifier": "\#(identifier)", "source": "\#(source)"}"#, true)
            case (let identifier?, _, 1):
                return ("segues", #"{"identifier": "\#(identifier)", "source": "\#(source)"}"#, true)
            case (nil, let id?, 1):
                return ("segues", #"{"id": "\#(id)", "source": "\#(source)"}"#, true)
            default:
                break
            }
            return ("unwind", #"{"action": "\#(unwind["action"]?.stringValue ?? "")", "source": "\#(source)"}"#, true)
        }
        let actions = [#"{"type": "pop"}"#, #"{"type": "popToRoot"}"#, #"{"type": "dismiss"}"#, #"{"type": "back"}"#,
                       #"{"type": "selectTab", "index": \#(choices.next(below: 4))}"#]
        return ("actions", actions[choices.next(below: actions.count)], false)
    }

    /// The whole event log, page by page.
    static func log(of session: String, in service: SeguedService) -> [JSONValue] {
        var events: [JSONValue] = []
        var after = 0
        while true {
            let page = try? service.handle(
                .make("GET", "/v1/sessions/\(session)/events", query: [("after", "\(after)"), ("limit", "1000")])).json
            guard let page, let batch = page["events"]?.arrayValue, let next = page["next"]?.intValue else { return events }
            events += batch
            after = next
            if page["more"]?.boolValue != true { return events }
        }
    }
}

/// A deterministic choice sequence (a linear congruential generator), so that a failing walk is the
/// same walk when run again.
struct WalkChoices {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(max(bound, 1)))
    }
}
