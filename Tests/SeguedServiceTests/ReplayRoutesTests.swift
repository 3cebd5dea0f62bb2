import Foundation
import HTTPServer
import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

/// `POST /v1/sessions {"storyboard", "replay"}`: a session of another upload of the app that
/// performs a live session's walk, so that a person who added a missing storyboard continues at the
/// screen they were on. On R.swift's `References` (mac-cain13__R.swift__References.storyboard), whose
/// segue `toAVPlayerController` leads to a reference to scene `avpVC` of `Specials`
/// (mac-cain13__R.swift__Specials.storyboard), uploaded alone, then with Specials.
@Suite(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository"))
struct ReplayRoutesTests {
    let service = SeguedService()

    static func file(_ name: String) throws -> String {
        try String(contentsOf: SharedCorpus.folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// The upload of `storyboards` (name to XML) as the web app makes it, its id.
    func upload(_ storyboards: [String: String]) throws -> String {
        let bundle = JSONValue.object([
            "name": .string("References"), "entry": .string("References"),
            "storyboards": .object(storyboards.mapValues(JSONValue.string)),
        ])
        let response = service.handle(.make("POST", "/v1/storyboards", json: bundle.compactDescription))
        #expect(response.status == 201, "\(response.text)")
        return try #require(response.json["id"]?.stringValue)
    }

    func post(_ path: String, _ body: String) -> Response { service.handle(.make("POST", path, json: body)) }

    func session(_ body: String) throws -> JSONValue {
        let response = post("/v1/sessions", body)
        #expect(response.status == 201, "\(response.text)")
        return try response.json
    }

    /// `vcN scene kind` of each instance on the stack, bottom to top, and the visible one.
    static func layers(_ session: JSONValue) -> [String] {
        (session["stack"]?["layers"]?.arrayValue ?? []).map { layer in
            let root = layer["root"]
            return "\(root?["id"]?.stringValue ?? "?") \(root?["scene"]?.stringValue ?? "?") \(root?["kind"]?.stringValue ?? "?")"
        }
    }

    @Test func aWalkThatReachedAMissingStoryboard_continuesOnTheUploadThatHasIt() throws {
        let references = try Self.file("mac-cain13__R.swift__References.storyboard")
        let alone = try upload(["References": references])
        let old = try session(#"{"storyboard": "\#(alone)", "profile": "ios18", "traits": {"idiom": "pad"}}"#)
        let oldID = try #require(old["id"]?.stringValue)
        #expect(post("/v1/sessions/\(oldID)/segues", #"{"identifier": "toAVPlayerController", "source": "vc1"}"#).status == 200)
        let before = try service.handle(.make("GET", "/v1/sessions/\(oldID)")).json
        #expect(Self.layers(before) == ["vc1 IfC-nk-yIu viewController", "vc2 IcN-B5-zUv viewController"])

        let whole = try upload(["References": references, "Specials": try Self.file("mac-cain13__R.swift__Specials.storyboard")])
        let replayed = try session(#"{"storyboard": "\#(whole)", "replay": "\#(oldID)"}"#)
        // The same screen, the placeholder now the AVPlayerViewController it names; the scenes of
        // the storyboard that was alone are keyed by its name in the bundle.
        #expect(Self.layers(replayed) == ["vc1 References:IfC-nk-yIu viewController", "vc2 Specials:XiG-bv-YXF avPlayerViewController"])
        #expect(replayed["stack"]?["visible"]?.stringValue == "vc2")
        #expect(replayed["storyboard"]?.stringValue == whole && replayed["revision"]?.intValue == 2)
        #expect(replayed["profile"]?.stringValue == "ios18" && replayed["traits"]?["idiom"]?.stringValue == "pad")
        let newID = try #require(replayed["id"]?.stringValue)
        // Its log is the launch and the segue with their callbacks, as the walking session's was.
        let events = try service.handle(.make("GET", "/v1/sessions/\(newID)/events")).json
        let walked = try service.handle(.make("GET", "/v1/sessions/\(oldID)/events")).json
        #expect(events.eventLines == [
            "vc1 init", "vc1 awakeFromNib", "vc1 loadView", "vc1 viewDidLoad", "vc1 viewWillAppear", "vc1 viewIsAppearing", "vc1 viewDidAppear",
            "vc1 shouldPerformSegue", "vc2 init", "vc2 awakeFromNib", "vc1 prepareForSegue", "vc1 performSegue", "vc1 present",
            "vc2 loadView", "vc2 viewDidLoad", "vc2 viewWillAppear", "vc2 viewIsAppearing", "vc2 viewDidAppear",
        ])
        #expect(events.eventLines == walked.eventLines)
        // Its walk is the replayed one: its flow is launch then the segue.
        let flow = service.handle(.make("GET", "/v1/sessions/\(newID)/flow"))
        #expect(flow.status == 200, "\(flow.text)")
        #expect(flow.text.contains("\n> segue toAVPlayerController source=vc1\n  performed: true\n  visible: Specials:XiG-bv-YXF\n"), "\(flow.text)")
    }

    @Test func aSceneNamedByKey_isRenamedToItsKeyInTheBundle() throws {
        let references = try Self.file("mac-cain13__R.swift__References.storyboard")
        let alone = try upload(["References": references])
        let oldID = try #require(try session(#"{"storyboard": "\#(alone)"}"#)["id"]?.stringValue)
        let present = post("/v1/sessions/\(oldID)/actions", #"{"type": "present", "scene": "IfC-nk-yIu", "modalPresentationStyle": "fullScreen"}"#)
        #expect(present.status == 200, "\(present.text)")
        let whole = try upload(["References": references, "Specials": try Self.file("mac-cain13__R.swift__Specials.storyboard")])
        let replayed = try session(#"{"storyboard": "\#(whole)", "replay": "\#(oldID)"}"#)
        #expect(Self.layers(replayed) == ["vc1 References:IfC-nk-yIu viewController", "vc2 References:IfC-nk-yIu viewController"])
    }

    @Test func aStepTheOtherStoryboardRefuses_isThatStepsProblem_andNoSession() throws {
        let alone = try upload(["References": try Self.file("mac-cain13__R.swift__References.storyboard")])
        let oldID = try #require(try session(#"{"storyboard": "\#(alone)"}"#)["id"]?.stringValue)
        #expect(post("/v1/sessions/\(oldID)/segues", #"{"identifier": "toMain"}"#).status == 200)
        let refused = post("/v1/sessions", #"{"storyboard": "demo", "replay": "\#(oldID)"}"#)
        try refused.expectProblem(404, "unknown-segue")
        let detail = try #require(try refused.json["detail"]?.stringValue)
        #expect(detail.hasPrefix("Step 1 of session \"\(oldID)\" (segue toMain) on this storyboard: "), "\(detail)")
        let listed = try service.handle(.make("GET", "/v1/sessions")).json["sessions"]?.arrayValue ?? []
        #expect(listed.count == 1)
    }

    @Test func aSessionWhoseWalkIsUnknown_orNone_orAnotherMember_isRefused() throws {
        let demo = try service.demoSession()
        let snapshot = service.handle(.make("GET", "/v1/sessions/\(demo)/snapshot")).text
        let restored = try #require(try session(#"{"snapshot": \#(snapshot)}"#)["id"]?.stringValue)
        try post("/v1/sessions", #"{"storyboard": "demo", "replay": "\#(restored)"}"#).expectProblem(409, "flow-unavailable")
        try post("/v1/sessions", #"{"storyboard": "demo", "replay": "nope"}"#).expectProblem(404, "unknown-session")
        try post("/v1/sessions", #"{"storyboard": "demo", "replay": "\#(demo)", "profile": "ios18"}"#).expectProblem(422, "invalid-request")
        try post("/v1/sessions", #"{"replay": "\#(demo)"}"#).expectProblem(422, "invalid-request")
        // null is the same as absent: a launch.
        #expect(post("/v1/sessions", #"{"storyboard": "demo", "replay": null}"#).status == 201)
    }
}
