import Foundation
import Navigation
import Storyboard
import Testing

/// Container changes in the top layer over page sheets, whose appearance change is now found from
/// the subtrees they swap (issue #26): `setViewControllers`, tab selection and a split's Show
/// Detail. Debug builds check each change against the whole on-screen lists; these check the exact
/// appearance steps, with every sheet below staying on screen untouched.
struct LocalContainerTransitionTests {
    static let storyboard = """
        {
          "format": "segued.storyboard/1",
          "name": "ContainersOverSheets",
          "initialScene": "base",
          "scenes": {
            "base": {},
            "nav": {"kind": "navigationController", "root": "a"},
            "tabs": {"kind": "tabBarController", "tabs": ["a", "b"]},
            "split": {"kind": "splitViewController", "primary": "nav", "secondary": "b"},
            "a": {},
            "b": {}
          }
        }
        """

    /// Launched with two page sheets over the base, then `container` presented as a third.
    static func launch(_ container: String, traits: Traits = .phone) throws -> (NavigationState, ControllerID) {
        let storyboard = try StoryboardJSONLoader.load(Data(Self.storyboard.utf8))
        var (state, _) = try Navigator.launch(storyboard, profile: .ios17, traits: traits)
        for _ in 0..<2 {
            _ = try Navigator.apply(.present(.scene(SceneID("base")), from: nil, style: .pageSheet, data: nil, animated: false), to: &state)
        }
        _ = try Navigator.apply(.present(.scene(SceneID(container)), from: nil, style: .pageSheet, data: nil, animated: false), to: &state)
        return (state, try #require(state.layers.last))
    }

    @Test func setViewControllers_inTheTopLayer_swapsOnlyTheTops() throws {
        var (state, nav) = try Self.launch("nav")
        let onScreenBelow = state.onScreen.filter { $0 != nav && state[$0]?.parent != nav }
        let oldTop = try #require(state[nav]?.children.last)
        let set = try Navigator.apply(.setViewControllers([.new(.scene(SceneID("b")))], navigation: nav, animated: false), to: &state)
        let newTop = try #require(state[nav]?.children.last)
        #expect(LocalTransitionTests.appearance(set) == [
            "\(oldTop) viewWillDisappear", "\(newTop) viewWillAppear", "\(newTop) viewIsAppearing",
            "\(oldTop) viewDidDisappear", "\(newTop) viewDidAppear",
        ])
        #expect(state[oldTop] == nil)
        #expect(state.onScreen == onScreenBelow + [nav, newTop])
        // The same top again, another entry below it: nothing appears or disappears.
        let below = try Navigator.apply(.setViewControllers([.new(.scene(SceneID("a"))), .existing(newTop)], navigation: nav, animated: false), to: &state)
        #expect(LocalTransitionTests.appearance(below) == [])
        #expect(state[nav]?.children.count == 2)
        #expect(state.invariantViolations().isEmpty, "\(state.invariantViolations())")
    }

    @Test func selectingATab_inTheTopLayer_swapsOnlyTheTabs() throws {
        var (state, tabs) = try Self.launch("tabs")
        let first = try #require(state[tabs]?.children.first)
        let second = try #require(state[tabs]?.children.last)
        let select = try Navigator.apply(.selectTab(index: 1, tabBar: tabs, byUser: true, shouldSelect: true), to: &state)
        // Tab order (spec §5.9): in will, out will, out did, in did; the second tab's view loads first.
        #expect(LocalTransitionTests.appearance(select) == [
            "\(second) viewWillAppear", "\(second) viewIsAppearing", "\(first) viewWillDisappear",
            "\(first) viewDidDisappear", "\(second) viewDidAppear",
        ])
        #expect(select.events.contains { $0.controller == second && $0.method == .viewDidLoad })
        #expect(state.invariantViolations().isEmpty, "\(state.invariantViolations())")
    }

    @Test func showDetail_inAnExpandedSplitInTheTopLayer_replacesOnlyTheSecondary() throws {
        var (state, split) = try Self.launch("split", traits: .pad)
        let oldSecondary = try #require(state[split]?.split?.secondary)
        let show = try Navigator.apply(.performCodeSegue(.init(kind: .showDetail, destination: .scene(SceneID("a")), source: split, animated: false)), to: &state)
        let newSecondary = try #require(state[split]?.split?.secondary)
        #expect(newSecondary != oldSecondary)
        #expect(LocalTransitionTests.appearance(show) == [
            "\(oldSecondary) viewWillDisappear", "\(newSecondary) viewWillAppear", "\(newSecondary) viewIsAppearing",
            "\(oldSecondary) viewDidDisappear", "\(newSecondary) viewDidAppear",
        ])
        #expect(state[oldSecondary] == nil)
        #expect(state.invariantViolations().isEmpty, "\(state.invariantViolations())")
    }
}
