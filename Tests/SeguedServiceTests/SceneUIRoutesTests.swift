import Foundation
import HTTPServer
import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

/// Scene UI reaches clients: the normalized graph carries each scene's `ui` and loads back to the
/// same storyboard, and stack nodes carry their scene's title.
struct SceneUIRoutesTests {
    let service = SeguedService()

    @Test func demoGraph_carriesTheSceneUI_andLoadsBackTheSame() throws {
        let response = service.handle(.make("GET", "/v1/storyboards/demo"))
        #expect(response.status == 200)
        let graph = try #require(response.json["storyboard"])
        let list = try #require(graph["scenes"]?["itemList"]?["ui"])
        #expect(try list["navigationItem"] == JSONValue.parse(#"""
            {"title": "Items", "prompt": null, "backButtonTitle": null,
             "leftItems": [{"title": "Filter", "systemItem": null,
                            "trigger": {"kind": "popoverPresentation", "identifier": "showFilter", "id": null, "action": null}}],
             "rightItems": [{"title": null, "systemItem": "add",
                             "trigger": {"kind": "presentation", "identifier": "addItem", "id": null, "action": null}}]}
            """#))
        #expect(try list["controls"]?.arrayValue?.first == JSONValue.parse(#"""
            {"type": "tableViewCell", "text": "Notebook", "reuseIdentifier": "ItemCell",
             "trigger": {"kind": "show", "identifier": "showItem", "id": null, "action": null}}
            """#))
        let edit = try #require(graph["scenes"]?["editItem"]?["ui"]?["navigationItem"])
        #expect(edit["leftItems"]?.arrayValue?.first?["trigger"]?["action"] == .string("cancelEdit:"))
        #expect(edit["rightItems"]?.arrayValue?.first?["trigger"]?["action"] == .string("saveEdit:"))
        #expect(try graph["scenes"]?["itemsNav"]?["ui"] == JSONValue.parse(
            #"{"tabBarItem": {"title": "Items", "systemItem": null, "badge": "3"}}"#))
        #expect(try graph["scenes"]?["settings"]?["ui"]?["controls"]?.arrayValue?[1] == JSONValue.parse(
            #"{"type": "switch", "text": null, "on": true, "trigger": null}"#))
        // Written back and loaded, it is the demo itself, UI included.
        let reloaded = try StoryboardJSONLoader.load(graph)
        #expect(reloaded == DemoStoryboard.storyboard)
        #expect(reloaded.scenes[SceneID("filter")]?.ui?.controls.map(\.kind) == [.segmentedControl, .button])
    }

    @Test func stackNodes_carryTheirScenesTitle() throws {
        let session = try service.demoSession()
        let stack = service.handle(.make("GET", "/v1/sessions/\(session)/stack"))
        #expect(stack.status == 200)
        let root = try #require(stack.json["layers"]?.arrayValue?.first?["root"])
        // The tab bar controller has no title; its tabs carry theirs (the navigation controller's own
        // title, the list's navigation item title, the split's title).
        #expect(root["title"] == .null)
        let children = root["children"]?.arrayValue ?? []
        #expect(children.map { $0["title"] } == [.string("Items"), .string("Settings"), .string("Library")])
        #expect(children.first?["children"]?.arrayValue?.first?["title"] == .string("Items"))
        // After a push the detail's node carries the detail's navigation item title.
        let pushed = service.handle(.make("POST", "/v1/sessions/\(session)/segues", json: #"{"identifier": "showItem"}"#))
        #expect(pushed.status == 200, "\(pushed.text)")
        let after = try service.handle(.make("GET", "/v1/sessions/\(session)/stack")).json
        let itemsNav = after["layers"]?.arrayValue?.first?["root"]?["children"]?.arrayValue?.first
        #expect(itemsNav?["children"]?.arrayValue?.map { $0["title"] } == [.string("Items"), .string("Item")])
    }
}

extension SceneUIRoutesTests {
    static let corpusFiles = SharedCorpus.storyboardFiles.map(\.lastPathComponent)

    /// A real storyboard uploaded as XML: its normalized graph, scene UI included, loads back as
    /// segued JSON to the storyboard the importer made (triggers name segues of their scene).
    @Test(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository"), arguments: corpusFiles)
    func corpusGraph_loadsBackWithItsUI(_ file: String) throws {
        let url = SharedCorpus.folder.appendingPathComponent(file)
        let xml = try Data(contentsOf: url)
        let upload = service.handle(
            Request(method: "POST", path: "/v1/storyboards", headers: ["Content-Type": "application/xml"], body: Array(xml)))
        #expect(upload.status == 201, "\(upload.text)")
        let id = try #require(upload.json["id"]?.stringValue)
        let graph = try #require(service.handle(.make("GET", "/v1/storyboards/\(id)")).json["storyboard"])
        let imported = try InterfaceBuilderImporter.load(xml, name: url.deletingPathExtension().lastPathComponent)
        let reloaded = try StoryboardJSONLoader.load(graph)
        #expect(reloaded.scenes.mapValues(\.ui) == imported.storyboard.scenes.mapValues(\.ui))
    }
}
