import Foundation
import HTTPServer
import SeguedService
import Storyboard
import Testing

/// Interface Builder uploads over the service: XML, bundles, and their bad inputs.
struct StoryboardUploadTests {
    let service = SeguedService()

    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="nav">
            <scenes>
                <scene sceneID="s1"><objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <tableViewController id="list" customClass="ListViewController" sceneMemberID="viewController">
                        <connections><segue destination="form" kind="presentation" identifier="add" id="p"/></connections>
                    </tableViewController>
                </objects></scene>
                <scene sceneID="s3"><objects>
                    <viewController id="form" sceneMemberID="viewController">
                        <view key="view" id="v"><subviews><button id="b"><connections>
                            <segue destination="x" kind="unwind" identifier="done" unwindAction="unwindToList:" id="u"/>
                        </connections></button></subviews></view>
                    </viewController>
                    <exit id="x" sceneMemberID="exit"/>
                </objects></scene>
            </scenes>
        </document>
        """

    private func upload(_ body: String, type: String, query: [(name: String, value: String)] = []) -> Response {
        service.handle(Request(method: "POST", path: "/v1/storyboards", query: query, headers: ["content-type": type], body: Array(body.utf8)))
    }

    @Test func xmlUpload_runsLikeAnyStoryboard() throws {
        let response = upload(Self.xml, type: "application/xml", query: [("name", "Main")])
        #expect(response.status == 201)
        let body = try response.json
        #expect(body["summary"] == (try JSONValue.parse(#"{"Main": {"scenes": 3, "segues": {"presentation": 1, "relationship": 1, "unwind": 1}}}"#)))
        #expect(body["warnings"] == (try JSONValue.parse(#"["unwind action unwindToList:: no known class implements it, so unwinds to it find no destination (give class facts or sources)"]"#)))
        let id = try #require(body["id"]?.stringValue)
        let session = service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(id)"}"#))
        let sessionID = try #require(session.json["id"]?.stringValue)
        _ = service.handle(.make("POST", "/v1/sessions/\(sessionID)/segues", json: #"{"identifier": "add"}"#))
        let unwind = try service.handle(.make("POST", "/v1/sessions/\(sessionID)/unwind", json: #"{"identifier": "done"}"#)).json
        #expect(unwind["performed"] == .bool(false))
        #expect(unwind["reasonDetail"]?.stringValue == "no class known to the storyboard implements unwindToList:")
    }

    @Test func bundleUpload_withClassFacts_unwindsToTheImplementer() throws {
        let bundle: JSONValue = .object([
            "name": .string("App"), "storyboards": .object(["Main": .string(Self.xml)]),
            "classes": .object(["ListViewController": .object(["unwindActions": .array([.string("unwindToList:")])])]),
        ])
        let response = upload(bundle.compactDescription, type: "application/json")
        #expect(response.status == 201, "\(response.text)")
        let id = try #require(response.json["id"]?.stringValue)
        #expect(try response.json["warnings"] == .array([]))
        let sessionID = try #require(try service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(id)"}"#)).json["id"]?.stringValue)
        _ = service.handle(.make("POST", "/v1/sessions/\(sessionID)/segues", json: #"{"identifier": "add"}"#))
        let unwind = try service.handle(.make("POST", "/v1/sessions/\(sessionID)/unwind", json: #"{"identifier": "done"}"#)).json
        #expect(unwind["performed"] == .bool(true))
        #expect(unwind["destination"]?.stringValue == "vc2")
    }

    @Test func malformedXML_is422WithLineAndColumn() throws {
        let response = upload("<?xml version=\"1.0\"?>\n<document>\n  <scenes>\n</document>\n", type: "application/xml")
        try response.expectProblem(422, "invalid-storyboard")
        let error = try #require(response.json["errors"]?.arrayValue?.first)
        #expect(error["line"]?.intValue == 4)
        #expect(error["column"]?.intValue != nil)
    }

    @Test func entityDeclarations_areRefused() throws {
        let response = upload("<?xml version=\"1.0\"?>\n<!DOCTYPE d [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<document>&x;</document>", type: "application/xml")
        try response.expectProblem(422, "refused-storyboard")
        #expect(try response.json["errors"]?.arrayValue?.first?["line"]?.intValue == 2)
    }

    @Test func badBundles_nameTheirFields() throws {
        let response = upload(#"{"storyboards": {"Main": 7}, "sources": [], "extra": true}"#, type: "application/json")
        try response.expectProblem(422, "invalid-storyboard")
        let paths = try response.json["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue }
        #expect(paths == ["extra", "storyboards.Main", "sources"])
    }
}
