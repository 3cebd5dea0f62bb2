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

    /// One issue per cycle, at the first containment edge of its smallest scene, in scene order: a
    /// self-embed, a three-scene ring entered from outside it, and a pair whose smallest scene reaches
    /// it first by a tab that is not on the cycle.
    @Test func containmentCycles_oneIssueEach() {
        let text = """
            {"format": "segued.storyboard/1", "initialScene": "entry",
             "scenes": {"entry": {"segues": [{"kind": "embed", "destination": "r2"}]},
                        "loop": {"segues": [{"kind": "embed", "destination": "loop"}]},
                        "r1": {"segues": [{"kind": "embed", "destination": "plain"}, {"kind": "embed", "destination": "r2"}]},
                        "r2": {"segues": [{"kind": "embed", "destination": "r3"}]},
                        "r3": {"segues": [{"kind": "embed", "destination": "r1"}]},
                        "plain": {},
                        "t": {"kind": "tabBarController", "tabs": ["plain", "u"]},
                        "u": {"kind": "navigationController", "root": "t"}}}
            """
        #expect(issues(text) == [
            #"scenes.loop.segues[0].destination: "loop" contains "loop" again through relationships or embeds"#,
            #"scenes.r1.segues[1].destination: "r2" contains "r1" again through relationships or embeds"#,
            #"scenes.t.tabs[1]: "u" contains "t" again through relationships or embeds"#,
        ])
    }

    /// Containment as long as a 1 MiB upload allows is checked in one pass over the graph (a search
    /// from every scene took minutes for a chain of 16,000 embeds and held a server thread), and is
    /// refused beyond 256 scenes deep: launching a session on 16,000 took the daemon down.
    @Test func longContainmentChains_areRefusedBeyond256() throws {
        func chain(_ count: Int, closed: Bool = false) -> String {
            let scenes = (0..<count).map { index in
                #""s\#(index)": {"segues": [{"kind": "embed", "destination": "s\#(index + 1 < count ? index + 1 : closed ? 0 : index + 1)"}]}"#
            }
            let last = closed ? [] : [#""s\#(count)": {}"#]
            return #"{"format": "segued.storyboard/1", "initialScene": "s0", "scenes": {"# + (scenes + last).joined(separator: ", ") + "}}"
        }
        #expect(try load(chain(255)).scenes.count == 256)
        #expect(issues(chain(256)) == ["scenes.s0.segues[0].destination: containment is 257 scenes deep from here; at most 256 are supported"])
        #expect(issues(chain(16_000)) == [
            "scenes.s0.segues[0].destination: containment is 16001 scenes deep from here; at most 256 are supported",
            #"scenes.s0.segues[0].destination: "s0" brings more than 1000 view controllers with it through relationships and embeds; at most 1000 are supported"#,
        ])
        #expect(issues(chain(20_000, closed: true)) == [#"scenes.s0.segues[0].destination: "s1" contains "s0" again through relationships or embeds"#])
    }

    /// The issue is at each outermost scene, on its deepest path: here `b` reaches the chain
    /// through its second tab, and `a` (inside `b`) is not reported again.
    @Test func tooDeepContainment_isReportedAtTheOutermostScene() {
        let chain = (0..<256).map { #""c\#($0)": {"segues": [{"kind": "embed", "destination": "c\#($0 + 1)"}]}"# }.joined(separator: ", ")
        let text = """
            {"format": "segued.storyboard/1", "initialScene": "b",
             "scenes": {"a": {"kind": "navigationController", "root": "c0"}, "c256": {}, "leaf": {},
                        "b": {"kind": "tabBarController", "tabs": ["leaf", "a"]}, \(chain)}}
            """
        #expect(issues(text) == ["scenes.b.tabs[1]: containment is 259 scenes deep from here; at most 256 are supported"])
    }

    /// Each containment edge is an instance, so a scene that embeds the next one twice doubles with
    /// every level: 9 levels bring 511 view controllers, 10 bring 1,023, beyond the 1,000 supported.
    /// The issue is at the outermost scene, on its first edge towards the most; 17 levels once made
    /// a launch of 131,071 instances.
    @Test func scenesBringingTooManyInstances_areRefused() throws {
        func tree(_ levels: Int) -> String {
            let scenes = (0..<levels).map { level in
                let embed = #"{"kind": "embed", "destination": "l\#(level + 1)"}"#
                return #""l\#(level)": {"segues": [\#(level + 1 < levels ? "\(embed), \(embed)" : "")]}"#
            }
            return #"{"format": "segued.storyboard/1", "initialScene": "l0", "scenes": {"# + scenes.joined(separator: ", ") + "}}"
        }
        #expect(try load(tree(9)).scenes.count == 9)
        let refused = [#"scenes.l0.segues[0].destination: "l0" brings more than 1000 view controllers with it through relationships and embeds; at most 1000 are supported"#]
        #expect(issues(tree(10)) == refused)
        #expect(issues(tree(200)) == refused)
    }

    /// Class facts whose superclass chain comes back are refused (one issue per cycle, at its
    /// smallest class), and so are chains over 256 classes, at the class they start from: every
    /// unwind search walks them, and one on a chain of 20,000 took 0.45 s.
    @Test func classChains_cyclesAndOverlongOnesAreRefused() throws {
        func storyboard(_ classes: [String]) -> String {
            #"{"format": "segued.storyboard/1", "initialScene": "a", "scenes": {"a": {"class": "C0"}}, "classes": {"# + classes.joined(separator: ", ") + "}}"
        }
        func chain(_ count: Int) -> [String] {
            (0..<count).map { #""C\#($0)": {"superclass": "\#($0 + 1 < count ? "C\($0 + 1)" : "UIViewController")"}"# }
        }
        #expect(try load(storyboard(chain(256))).classes.count == 256)
        #expect(issues(storyboard(chain(257))) == [#"classes.C0.superclass: the superclass chain of "C0" is 257 classes long; at most 256 are supported"#])
        let cyclic = [#""C0": {"superclass": "B"}"#, #""B": {"superclass": "A"}"#, #""A": {"superclass": "B"}"#, #""D": {"superclass": "D"}"#]
        #expect(issues(storyboard(cyclic)) == [
            #"classes.A.superclass: the superclass chain of "A" comes back to it"#,
            #"classes.D.superclass: the superclass chain of "D" comes back to it"#,
        ])
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
        // The same answers from the actions kept per scene, and what any scene implements in one set.
        let positionOfA = try #require(storyboard.index(of: SceneID("a"))).position
        let positionOfB = try #require(storyboard.index(of: SceneID("b"))).position
        #expect(storyboard.implements("done:", sceneAt: positionOfA))
        #expect(!storyboard.implements("back:", sceneAt: positionOfA))
        #expect(storyboard.implements("back:", sceneAt: positionOfB))
        #expect(!storyboard.implements("done:", sceneAt: positionOfB))
        #expect(storyboard.implementedActions == ["done:", "back:"])
    }

    /// The set follows the class facts when they are replaced, and a storyboard not yet validated,
    /// whose superclass chain comes back, is indexed without looping.
    @Test func implementedActions_followClassesAndStopOnCycles() {
        // The one scene is at position 0 of the scene table.
        let scene = Scene(id: SceneID("a"), customClass: "A")
        var storyboard = Storyboard(name: "s", initialScene: SceneID("a"), scenes: [SceneID("a"): scene], classes: [
            "A": ClassInfo(superclass: "B", unwindActions: ["a:"]), "B": ClassInfo(superclass: "A", unwindActions: ["b:"]),
        ])
        #expect(storyboard.implementedActions == ["a:", "b:"])
        #expect(storyboard.implements("b:", sceneAt: 0))
        storyboard.classes = ["A": ClassInfo(unwindActions: ["c:"])]
        #expect(storyboard.implementedActions == ["c:"])
        #expect(!storyboard.implements("b:", sceneAt: 0))
        #expect(storyboard.implements("c:", sceneAt: 0))
        storyboard.classes = [:]
        #expect(storyboard.implementedActions.isEmpty)
    }
}
