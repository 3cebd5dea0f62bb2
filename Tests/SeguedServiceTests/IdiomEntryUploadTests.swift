import Foundation
import HTTPServer
import SeguedService
import Storyboard
import Testing

/// An upload bundle with `idiomEntries` (what `segued import` writes for an app whose Info.plist has
/// `UIMainStoryboardFile~ipad`): its pad sessions start in that storyboard, its phone sessions in
/// the entry, the stored document says so, and a wrong idiom or name is a 422 naming the field, as a wrong entry is.
struct IdiomEntryUploadTests {
    let service = SeguedService()

    static func bundle(_ idiomEntries: String) -> String {
        let xml = JSONValue.string(StoryboardUploadTests.xml).compactDescription
        return #"{"name": "Universal", "entry": "Phone", "idiomEntries": \#(idiomEntries), "storyboards": {"Phone": \#(xml), "Pad": \#(xml)}}"#
    }

    func rootScene(_ storyboard: String, traits: String) throws -> String? {
        let response = service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(storyboard)", "traits": \#(traits)}"#))
        #expect(response.status == 201, "\(response.text)")
        return try response.json["stack"]?["layers"]?.arrayValue?.first?["root"]?["scene"]?.stringValue
    }

    @Test func padSessions_startInThePadEntry() throws {
        let upload = service.handle(.make("POST", "/v1/storyboards", json: Self.bundle(#"{"pad": "Pad"}"#)))
        #expect(upload.status == 201, "\(upload.text)")
        let id = try #require(try upload.json["id"]?.stringValue)
        #expect(try rootScene(id, traits: #"{"idiom": "pad"}"#) == "Pad:nav")
        #expect(try rootScene(id, traits: #"{"idiom": "phone"}"#) == "Phone:nav")
        let document = try service.handle(.make("GET", "/v1/storyboards/\(id)")).json["storyboard"]
        #expect(document?["idiomInitialScenes"] == .object(["pad": .string("Pad:nav")]))
        // The same app without the key is another storyboard.
        let plain = service.handle(.make("POST", "/v1/storyboards", json: Self.bundle("{}")))
        let plainID = try plain.json["id"]?.stringValue
        #expect(plain.status == 201 && plainID != id)
    }

    @Test func aWrongIdiomOrStoryboard_isRefusedNamingIt() throws {
        let idiom = service.handle(.make("POST", "/v1/storyboards", json: Self.bundle(#"{"watch": "Pad"}"#)))
        try idiom.expectProblem(422, "invalid-storyboard")
        #expect(idiom.text.contains("idiomEntries.watch") && idiom.text.contains("unknown idiom (expected phone or pad)"))
        let missing = service.handle(.make("POST", "/v1/storyboards", json: Self.bundle(#"{"pad": "Tablet"}"#)))
        try missing.expectProblem(422, "invalid-storyboard")
        #expect(missing.text.contains(#"no storyboard named \"Tablet\" in the upload"#))
    }
}
