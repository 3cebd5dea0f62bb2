import Flows
import Foundation
import Navigation
import SeguedTestSupport
import Storyboard
import Testing

/// A session's walk becoming a flow: every command written as a step line that reads back to it,
/// the recorded flow passing on the engine, and failing with a diff once the storyboard changes.
struct FlowRecorderTests {
    static let vc2 = ControllerID("vc2")!

    /// One command of every kind, with the options a client can send that change what happens.
    static let commands: [Command] = [
        .performSegue(.init(segue: .identifier(SegueID("showItem")), data: .object(["title": .string("Milk and eggs")]))),
        .performSegue(.init(
            segue: .id("3ti-AE-jfO"), source: ControllerID("vc3"), trigger: .programmatic, shouldPerform: false,
            sender: .object(["row": .number(2)]), animated: false)),
        .performCodeSegue(.init(
            identifier: SegueID("custom"), kind: .presentation, destination: .storyboardIdentifier("Editor"), source: vc2,
            modalPresentationStyle: .formSheet, data: .array([.bool(true)]), animated: false)),
        .performCodeSegue(.init(kind: .show, destination: .scene(SceneID("itemDetail")))),
        .unwind(.init(target: .action("saveEdit:"), source: ControllerID("vc12"), data: .object(["title": .string("Milk")]))),
        .unwind(.init(target: .segue(SegueID("cancel")), trigger: .programmatic, shouldPerform: true, animated: false)),
        .pop(navigation: nil, animated: true), .pop(navigation: vc2, animated: false),
        .popToRoot(navigation: vc2, animated: true), .popTo(ControllerID("vc10")!, animated: false),
        .setViewControllers([.existing(ControllerID("vc3")!), .new(.scene(SceneID("itemDetail")))], navigation: vc2, animated: true),
        .push(.storyboardIdentifier("Detail"), navigation: nil, data: nil, animated: true),
        .push(.scene(SceneID("itemDetail")), navigation: vc2, data: .object(["id": .number(1)]), animated: false),
        .present(.storyboardIdentifier("Editor"), from: vc2, style: .pageSheet, data: nil, animated: true),
        .dismiss(nil, animated: true), .dismiss(ControllerID("vc11"), animated: false),
        .selectTab(index: 1, tabBar: nil, byUser: true, shouldSelect: nil),
        .selectTab(index: 2, tabBar: ControllerID("vc1"), byUser: false, shouldSelect: false),
        .setTraits(Traits(horizontalSizeClass: .regular, idiom: .pad)), .end,
        .transitionToSize(WindowSize(width: 844, height: 390), traits: Traits(idiom: .phone)),
        .interactivePop(phase: .begin, navigation: nil), .interactivePop(phase: .cancel, navigation: vc2),
        .interactivePop(phase: .finish, navigation: nil),
        .pullDown(phase: .begin, shouldDismiss: false, modalInPresentation: nil), .pullDown(phase: .cancel, shouldDismiss: nil, modalInPresentation: nil),
        .pullDown(phase: .finish, shouldDismiss: nil, modalInPresentation: true),
        .tapOutside(shouldDismiss: nil, modalInPresentation: nil), .tapOutside(shouldDismiss: true, modalInPresentation: false),
        .tap(.init(control: "Cancel")), .tap(.init(control: "Edit", source: vc2, occurrence: 2)),
        .tap(.init(control: "Done", when: "!name.isEmpty")),
        // Quotes, `=`, brackets, a backslash and spaces inside the texts.
        .tap(.init(control: #"Say "hi" = {x} [y] \ z"#, occurrence: 12, when: #"indexPath.row == 2 and not (title == "a b")"#)),
    ]

    @Test(arguments: commands)
    func everyCommand_isWrittenAsALineThatReadsBackToIt(command: Command) throws {
        let line = FlowCommandWriter.line(command)
        #expect(try FlowCommandParser.parse(line) == command, "\(line)")
    }

    @Test func lines_leaveDefaultsOut() {
        #expect(FlowCommandWriter.line(Self.commands[0]) == #"segue showItem data={"title":"Milk and eggs"}"#)
        #expect(FlowCommandWriter.line(.selectTab(index: 1, tabBar: nil, byUser: true, shouldSelect: nil)) == "selectTab 1 user")
        #expect(FlowCommandWriter.line(.pop(navigation: nil, animated: true)) == "pop")
        #expect(FlowCommandWriter.line(.interactivePop(phase: .cancel, navigation: nil)) == "swipeBack cancel")
        #expect(FlowCommandWriter.line(.pullDown(phase: .begin, shouldDismiss: false, modalInPresentation: nil)) == "pullDown begin shouldDismiss=false")
        #expect(FlowCommandWriter.line(.transitionToSize(WindowSize(width: 844, height: 390), traits: .phone)) == "setTraits phone compact size=844x390")
        #expect(FlowCommandWriter.line(.tap(.init(control: "Cancel"))) == #"tap "Cancel""#)
        #expect(FlowCommandWriter.line(.tap(.init(control: "Done", source: Self.vc2, occurrence: 2, when: "!name.isEmpty")))
            == #"tap "Done" #2 when "!name.isEmpty" source=vc2"#)
        #expect(FlowCommandWriter.line(Self.commands[1])
            == #"segue id=3ti-AE-jfO source=vc3 trigger=programmatic shouldPerform=false sender={"row":2} animated=false"#)
    }

    @Test func tapLines_readInAnyOrder_andRefuseWhatIsNotATap() throws {
        #expect(try FlowCommandParser.parse(#"tap   when "a == b"  source=vc2 "Done"  #3"#)
            == .tap(.init(control: "Done", source: Self.vc2, occurrence: 3, when: "a == b")))
        for bad in ["tap", "tap Cancel", #"tap """#, #"tap "A" "B""#, #"tap "A" #0"#, #"tap "A" when"#, #"tap "A" when "x" when "y""#,
                    #"tap "A" animated=false"#, #"tap "A" source=view"#] {
            #expect(throws: FlowCommandParser.ParseError.self, "\(bad)") { try FlowCommandParser.parse(bad) }
        }
    }

    /// The demo's walk: open an item, edit it, save, go back, then the Settings tab.
    static let walk: [Command] = [
        .performSegue(.init(segue: .identifier(SegueID("showItem")), data: .object(["itemID": .number(42)]))),
        .performSegue(.init(segue: .identifier(SegueID("editItem")))),
        .unwind(.init(target: .segue(SegueID("save")), data: .object(["title": .string("Milk")]))),
        .pop(navigation: nil, animated: true),
        .selectTab(index: 1, tabBar: nil, byUser: true, shouldSelect: nil),
    ]

    func record(_ commands: [Command] = walk) throws -> Flow {
        try FlowRecorder.flow(
            name: "walk", comments: ["# from a test"], storyboard: DemoStoryboard.storyboard, storyboardName: "demo",
            profile: .ios17, traits: .phone, initialScene: nil, commands: commands)
    }

    @Test func aWalk_becomesAFlowThatPassesOnTheEngine() throws {
        let flow = try record()
        let text = FlowWriter.text(flow)
        #expect(text.hasPrefix("# from a test\nflow: 1\nstoryboard: demo\nprofile: ios17\ntraits: phone compact\nlaunch\n  visible: itemList\n  scenes: tabs itemsNav itemList\n  callbacks:\n"))
        #expect(flow.steps.map(\.command) == [
            "launch", #"segue showItem data={"itemID":42}"#, "segue editItem", #"unwind segue=save data={"title":"Milk"}"#, "pop",
            "selectTab 1 user",
        ])
        // Each step records what it did: the editor's save lands on the item, the pop on the list.
        #expect(flow.steps[3].expectations.contains(.destination("itemDetail")))
        #expect(flow.steps[4].expectations.contains(.scenes(["tabs", "itemsNav", "itemList"])))
        #expect(flow.steps[5].expectations.contains(.performed(true, reason: nil)))
        #expect(text.contains("  callbacks:\n    vc3 itemList shouldPerformSegue {\"identifier\":\"showItem\",\"sender\":null} -> true\n"))
        // Read back, it passes as it is.
        let parsed = try FlowParser.parse(text, name: "walk")
        var driver = EngineDriver()
        let result = FlowRunner.run(parsed, file: "walk.flow", storyboard: DemoStoryboard.storyboard, driver: &driver)
        #expect(result.failure == nil)
    }

    @Test func theRecordedFlow_failsWithADiffOnceTheStoryboardChanges() throws {
        let flow = try FlowParser.parse(FlowWriter.text(try record()), name: "walk")
        // The item's detail shown modally instead of pushed: the navigation the flow recorded changes.
        var changed = DemoStoryboard.storyboard
        let list = SceneID("itemList")
        let segue = try #require(changed.scenes[list]?.segues.firstIndex { $0.identifier == SegueID("showItem") })
        changed.scenes[list]!.segues[segue].kind = .presentation
        var driver = EngineDriver()
        let result = FlowRunner.run(flow, file: "walk.flow", storyboard: changed, driver: &driver)
        let failure = try #require(result.failure)
        #expect(failure.hasPrefix(#"step 1 `segue showItem data={"itemID":42}`: "#), "\(failure)")
    }

    @Test func aCommandWithoutAStepLine_isRefusedNamingIt() {
        let spaced = Command.performSegue(.init(segue: .identifier(SegueID("show item"))))
        #expect {
            try record([spaced])
        } throws: { error in
            (error as? FlowRecorder.Failure)?.description
                == "step 1 (segue show item) has no flow step line that reads back to the same command"
        }
    }
}
