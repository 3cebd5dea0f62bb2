import HTTPServer
import SeguedService
import Storyboard
import Testing

/// A storyboard reference to a storyboard the upload lacked: the scene says what it stands for
/// (`missingReference`, in the normalized graph, read back by the JSON loader), and uploading the
/// app again with that storyboard resolves it.
struct MissingReferenceTests {
    let service = SeguedService()

    static let main = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
          <scenes>
            <scene sceneID="s1"><objects>
              <navigationController id="nav" sceneMemberID="viewController">
                <connections><segue destination="ref" kind="relationship" relationship="rootViewController" id="r1"/></connections>
              </navigationController>
            </objects></scene>
            <scene sceneID="s2"><objects>
              <viewControllerPlaceholder storyboardName="Dependency" referencedIdentifier="Dependent" id="ref" sceneMemberID="viewController"/>
            </objects></scene>
          </scenes>
        </document>
        """

    static let dependency = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="dep">
          <scenes>
            <scene sceneID="d1"><objects>
              <viewController storyboardIdentifier="Dependent" id="dep" customClass="DependentViewController" sceneMemberID="viewController"/>
            </objects></scene>
          </scenes>
        </document>
        """

    @Test func anUnresolvedReference_saysWhatItNames_andReadsBack() throws {
        let upload = service.handle(.make("POST", "/v1/storyboards", json: Self.main, headers: ["content-type": "application/xml"]))
        #expect(upload.status == 201, "\(upload.text)")
        let id = try #require(try upload.json["id"]?.stringValue)
        let document = try service.handle(.make("GET", "/v1/storyboards/\(id)")).json
        let graph = try #require(document["storyboard"])
        #expect(graph["scenes"]?["ref"]?["missingReference"] == .object(["storyboard": .string("Dependency"), "identifier": .string("Dependent")]))
        #expect(graph["scenes"]?["nav"]?["missingReference"] == nil)
        // The normalized graph uploaded as JSON is the same storyboard: the same id, answered 200.
        let again = service.handle(.make("POST", "/v1/storyboards", json: graph.compactDescription))
        #expect(again.status == 200, "\(again.text)")
        #expect(try again.json["id"]?.stringValue == id)
    }

    @Test func theAppUploadedWithTheStoryboard_hasNoMissingReference() throws {
        let bundle = JSONValue.object([
            "name": .string("Main"), "entry": .string("Main"),
            "storyboards": .object(["Main": .string(Self.main), "Dependency": .string(Self.dependency)]),
        ])
        let upload = service.handle(.make("POST", "/v1/storyboards", json: bundle.compactDescription))
        #expect(upload.status == 201, "\(upload.text)")
        let id = try #require(try upload.json["id"]?.stringValue)
        let scenes = try #require(try service.handle(.make("GET", "/v1/storyboards/\(id)")).json["storyboard"]?["scenes"]?.objectValue)
        #expect(scenes.values.allSatisfy { $0["missingReference"] == nil })
        #expect(scenes["Main:nav"]?["root"] == .string("Dependency:dep"))
    }

    @Test func aMissingReferenceThatIsNotOne_isRefusedWithItsPath() throws {
        let storyboard = #"""
            {"format": "segued.storyboard/1", "name": "M", "initialScene": "a",
             "scenes": {"a": {"missingReference": {"identifier": "x"}}, "b": {"missingReference": {"storyboard": "S", "other": 1}}}}
            """#
        let refused = service.handle(.make("POST", "/v1/storyboards", json: storyboard))
        try refused.expectProblem(422, "invalid-storyboard")
        let detail = try #require(try refused.json["detail"]?.stringValue)
        #expect(detail.contains("scenes.a.missingReference.storyboard: missing"), "\(detail)")
        #expect(detail.contains("scenes.b.missingReference.other"), "\(detail)")
    }
}
