import Flows
import Foundation
import Navigation
import SeguedTestSupport
import Storyboard
import Testing

/// Flows on the engine: written by hand, recorded, broken on purpose, reported as JUnit.
struct FlowRunnerTests {
    static let openItem = """
        # Open the first item of the demo's list.
        flow: 1
        storyboard: demo
        > segue showItem data={"itemID": 42}
          performed: true
          visible: itemDetail
          scenes: tabs itemsNav itemDetail
          callbacks matching viewWillAppear viewDidAppear:
            vc10 itemDetail viewWillAppear {"animated":true}
            vc10 itemDetail viewDidAppear {"animated":true}
          callbacks including:
            vc3 itemList shouldPerformSegue
            vc2 itemsNav pushViewController {"animated":true,"viewController":"vc10"}
        > segue editItem
          visible: editItem
        > unwind action=saveEdit: data={"title": "Milk"}
          performed: true
          destination: itemDetail
          scenes: tabs itemsNav itemDetail
        """

    func run(_ text: String, record: Bool = false) throws -> FlowResult {
        let flow = try FlowParser.parse(text, name: "openItem")
        var driver = EngineDriver()
        return FlowRunner.run(flow, file: "openItem.flow", storyboard: DemoStoryboard.storyboard, driver: &driver, record: record)
    }

    /// A person's gestures as flow steps (spec §5.12): a swipe back abandoned, then completed; a
    /// sheet pulled and let go, then pulled away.
    static let gestures = """
        # Swipe back half-way and let go, then all the way; pull the add sheet and let go, then away.
        flow: 1
        storyboard: demo
        > segue showItem
          visible: itemDetail
        > swipeBack begin
          performed: true
          callbacks matching viewWillAppear viewWillDisappear:
            vc10 itemDetail viewWillDisappear {"animated":true}
            vc3 itemList viewWillAppear {"animated":true}
        > swipeBack cancel
          visible: itemDetail
          callbacks matching viewDidAppear viewDidDisappear navigationControllerDidShow:
            vc3 itemList viewDidDisappear {"animated":true}
            vc10 itemDetail viewDidAppear {"animated":true}
        > swipeBack begin
        > swipeBack finish
          visible: itemList
          callbacks including:
            vc10 itemDetail deinit
        > segue addItem
          visible: editItem
        > pullDown begin shouldDismiss=true
          callbacks including:
            vc11 editNav presentationControllerWillDismiss
        > pullDown cancel
          visible: editItem
        > pullDown begin
        > pullDown finish
          visible: itemList
          callbacks including:
            vc11 editNav presentationControllerDidDismiss
        """

    @Test func gestureSteps_pass() throws {
        let flow = try FlowParser.parse(Self.gestures, name: "gestures")
        var driver = EngineDriver()
        let result = FlowRunner.run(flow, file: "gestures.flow", storyboard: DemoStoryboard.storyboard, driver: &driver, record: false)
        #expect(result.failure == nil, "\(String(describing: result.failure))")
    }

    @Test func handWrittenFlow_passes() throws {
        let result = try run(Self.openItem)
        #expect(result.failure == nil)
        #expect(result.exercised.count == 3)
    }

    @Test func wrongCallback_failsNamingTheFirstDifferenceWithItsNeighbours() throws {
        let wrong = Self.openItem.replacingOccurrences(
            of: "vc10 itemDetail viewWillAppear {\"animated\":true}", with: "vc10 itemDetail viewDidAppear {\"animated\":false}")
        let result = try run(wrong)
        #expect(result.failure == """
            step 1 `segue showItem data={"itemID": 42}`: callbacks matching viewWillAppear viewDidAppear differ at callback 1 (expected 2, got 2; - expected, + got):
                  - vc10 itemDetail viewDidAppear {"animated":false}
                  + vc10 itemDetail viewWillAppear {"animated":true}
                    vc10 itemDetail viewDidAppear {"animated":true}
            """)
    }

    @Test func recordedFlow_readsBackAndPasses_andAnEditedOneFails() throws {
        let recorded = try #require(try run(Self.openItem, record: true).recorded)
        let text = FlowWriter.text(recorded)
        #expect(try FlowParser.parse(text, name: "openItem") == recorded)
        #expect(text.contains("  callbacks:\n    vc3 itemList shouldPerformSegue {\"identifier\":\"showItem\",\"sender\":null} -> true\n"))
        #expect(try run(text).failure == nil)
        let edited = text.replacingOccurrences(of: "    vc10 itemDetail viewDidLoad\n", with: "    vc10 itemDetail viewDidUnload\n")
        let failure = try #require(try run(edited).failure)
        #expect(failure.hasPrefix("step 1 `segue showItem data={\"itemID\": 42}`: callbacks differ at callback 9 (expected 17, got 17; - expected, + got):"))
        #expect(failure.contains("\n      - vc10 itemDetail viewDidUnload\n      + vc10 itemDetail viewDidLoad\n"))
    }

    /// Issue 30: a line that misses by an instance id names the callback it most likely meant.
    @Test func lineMissingByAnInstanceID_namesTheClosestCallback() throws {
        let flow = "flow: 1\nstoryboard: demo\n> segue showItem\n  callbacks including:\n    vc13 itemDetail viewDidLoad\n"
        let failure = try #require(try run(flow).failure)
        #expect(failure.hasPrefix("""
            step 1 `segue showItem`: callbacks including: expected line 1 not found after callback 0:
                  - vc13 itemDetail viewDidLoad
                  expected vc13 itemDetail viewDidLoad, closest: vc10 itemDetail viewDidLoad (callback 9)

            """))
    }

    @Test func closestCallback_prefersAnInstanceIDMiss_thenSharedParts_elseNone() {
        let callbacks = [
            "vc12 editItem willMoveToParent {\"parent\":\"vc11\"}",
            "vc12 editItem viewDidLoad",
            "vc13 editItem deinit",
            "vc10 itemDetail viewDidDisappear {\"animated\":true}",
        ]
        #expect(CallbackLine.closest(to: "vc12 editItem deinit", in: callbacks, preferringFrom: 0) == 2)
        #expect(CallbackLine.closest(to: "vc14 editItem willMoveToParent {\"parent\":\"vc9\"}", in: callbacks, preferringFrom: 1) == 0)
        // No instance-id twin: the method shared (4) outweighs the scene and instance (3).
        #expect(CallbackLine.closest(to: "vc12 editItem viewDidDisappear", in: callbacks, preferringFrom: 0) == 3)
        #expect(CallbackLine.closest(to: "vc2 tabs present", in: callbacks, preferringFrom: 0) == nil)
        #expect(CallbackLine.withoutInstanceIDs("vc12 editItem willMoveToParent {\"parent\":\"vc11\"}") == "vc# editItem willMoveToParent {\"parent\":\"vc#\"}")
    }

    @Test func otherExpectations_reportWhatWasExpectedAndWhatHappened() throws {
        let base = "flow: 1\nstoryboard: demo\n> segue showItem\n"
        #expect(try run(base + "  visible: itemList\n").failure == "step 1 `segue showItem`: expected visible: itemList, got visible: itemDetail")
        #expect(try run(base + "  performed: false\n").failure == "step 1 `segue showItem`: expected performed: false, got performed: true")
        #expect(try run("flow: 1\nstoryboard: demo\n> segue nope\n").failure?.hasPrefix("step 1 `segue nope`: error unknown-segue") == true)
        #expect(try run("flow: 1\nstoryboard: demo\n> segue nope\n  error: unknown-segue\n").failure == nil)
    }

    @Test func badFlowText_isRefusedNamingItsLine() {
        #expect(throws: FlowError.self) { try FlowParser.parse("storyboard: demo\n", name: "x") }
        do {
            _ = try FlowParser.parse("flow: 1\nstoryboard: demo\n> segue showItem\n  visibel: itemDetail\n", name: "x")
            Issue.record("a misspelt expectation was read")
        } catch {
            #expect("\(error)" == "x.flow:4: unknown expectation visibel (performed, error, visible, scenes, destination, callbacks…)")
        }
        #expect(throws: FlowError.self) { try FlowParser.parse("flow: 2\nstoryboard: demo\n", name: "x") }
    }

    @Test func junitReport_hasTheShapeCIToolsRead() throws {
        let passed = try run(Self.openItem)
        var failed = try run(Self.openItem.replacingOccurrences(of: "visible: editItem", with: "visible: <list>"))
        failed.name = "broken & \"quoted\""
        let xml = JUnitReport.xml([passed, failed])
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suite = try #require(root.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "tests")?.stringValue == "2")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        let cases = suite.elements(forName: "testcase")
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["openItem", "broken & \"quoted\""])
        #expect(cases[0].elements(forName: "failure").isEmpty)
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "step 2 `segue editItem`: expected visible: <list>, got visible: editItem")
    }
}

#if canImport(FoundationXML)
    import FoundationXML
#endif
