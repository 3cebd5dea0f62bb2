import Foundation
import Storyboard
import Testing

struct StoryboardJSONLoaderTests {
    private func load(_ text: String) throws(StoryboardError) -> Storyboard {
        try StoryboardJSONLoader.load(Data(text.utf8))
    }

    private func issues(_ text: String) -> [String] {
        do {
            _ = try load(text)
            return []
        } catch {
            return error.issues.map(\.description)
        }
    }

    @Test func demo_loadsWithItsScenesAndClasses() throws {
        let demo = try load(DemoStoryboard.json)
        #expect(demo.name == "Demo")
        #expect(demo.initialScene == SceneID("tabs"))
        #expect(demo.scenes.count == 15)
        #expect(demo.scenes[SceneID("tabs")]?.tabs == [SceneID("itemsNav"), SceneID("settingsNav"), SceneID("library")])
        #expect(demo.classes["ItemListViewController"]?.unwindActions == ["saveEdit:", "cancelEdit:", "applyFilter:"])
        let editItem = try #require(demo.scenes[SceneID("editItem")])
        #expect(editItem.segues.map(\.kind) == [.unwind, .unwind])
        #expect(editItem.segues.map(\.action) == ["saveEdit:", "cancelEdit:"])
    }

    @Test func unknownDestination_isReportedWithItsPath() {
        let text = """
            {"format": "segued.storyboard/1", "initialScene": "a",
             "scenes": {"a": {"segues": [{"identifier": "go", "kind": "show", "destination": "itm"}]}}}
            """
        #expect(issues(text) == [#"scenes.a.segues[0].destination: unknown scene "itm""#])
    }

    @Test func everyProblem_isReportedAtOnceInAStableOrder() {
        let text = """
            {"format": "segued.storyboard/1", "initialScene": "missing", "colour": 1,
             "scenes": {
               "b": {"kind": "navigationController"},
               "a": {"kind": "wizard", "segues": [{"kind": "show"}, {"kind": "unwind", "destination": "b"}, 7]},
               "c": {"kind": "tabBarController", "tabs": ["a", "zz"], "selectedIndex": "one"}
             }}
            """
        #expect(
            issues(text) == [
                "colour: unknown field",
                #"scenes.a.kind: unknown value "wizard" (expected one of: viewController, navigationController, tabBarController, splitViewController, pageViewController, tableViewController, collectionViewController, hostingController, avPlayerViewController, glkViewController)"#,
                "scenes.a.segues[2]: expected an object, found number",
                "scenes.c.selectedIndex: expected an integer, found string",
            ])
    }

    @Test func referenceProblems_areAllReportedAfterTheShapeIsRight() {
        let text = """
            {"format": "segued.storyboard/1", "initialScene": "missing",
             "scenes": {
               "b": {"kind": "navigationController"},
               "a": {"segues": [{"kind": "show"}, {"kind": "unwind", "destination": "b"}, {"kind": "custom", "destination": "a"}]},
               "c": {"kind": "tabBarController", "tabs": ["a", "zz"], "selectedIndex": 5, "root": "a"}
             }}
            """
        #expect(
            issues(text) == [
                #"initialScene: unknown scene "missing""#,
                "scenes.a.segues[0].destination: missing",
                "scenes.a.segues[1].action: an unwind segue needs an action",
                "scenes.a.segues[1].destination: an unwind segue has no destination",
                "scenes.a.segues[2].perform: a custom segue needs perform (present, push, replaceRoot or embed)",
                #"scenes.c.tabs[1]: unknown scene "zz""#,
                "scenes.c.selectedIndex: 5 is outside the 2 tabs",
                "scenes.c.root: not allowed on a tabBarController",
            ])
    }

    @Test func relationshipCycle_isRefused() {
        let text = """
            {"format": "segued.storyboard/1", "initialScene": "n",
             "scenes": {"n": {"kind": "navigationController", "root": "t"},
                        "t": {"kind": "tabBarController", "tabs": ["n"]}}}
            """
        #expect(issues(text) == [#"scenes.n.root: "t" contains "n" again through relationships or embeds"#])
    }

    @Test func notJSON_isMalformed() {
        #expect(throws: StoryboardError(kind: .malformed, issues: [.init(path: "", message: "not valid JSON")])) {
            try load("{")
        }
    }

    @Test func wrongFormat_isRejected() {
        #expect(issues(#"{"format": "other/2", "initialScene": "a", "scenes": {"a": {}}}"#) == [#"format: unsupported format "other/2""#])
    }

    @Test func classInheritance_decidesUnwindImplementers() throws {
        let storyboard = try load(
            """
            {"format": "segued.storyboard/1", "initialScene": "a",
             "scenes": {"a": {"class": "Child"}, "b": {"class": "Other", "unwindActions": ["back:"]}},
             "classes": {"Child": {"superclass": "Base"}, "Base": {"unwindActions": ["done:"]}}}
            """)
        let a = try #require(storyboard.scenes[SceneID("a")])
        let b = try #require(storyboard.scenes[SceneID("b")])
        #expect(storyboard.implements("done:", scene: a))
        #expect(!storyboard.implements("back:", scene: a))
        #expect(storyboard.implements("back:", scene: b))
        #expect(!storyboard.implements("done:", scene: b))
    }
}
