import Foundation
import Navigation
import Storyboard
import Testing

/// Transitions whose appearance change is found from the subtrees they touch
/// (Transaction+LocalAppearance.swift) where a sheet stays on screen above, and the release of an
/// instance that called a presentation still live. Debug builds check every such change against the
/// whole on-screen lists; these check the outcome: exact appearance steps, the caller handed to the
/// presenter (UIKit's `presentingViewController`), and a state that survives a snapshot.
struct LocalTransitionTests {
    static let storyboard = """
        {
          "format": "segued.storyboard/1",
          "name": "SheetOverStack",
          "initialScene": "nav",
          "scenes": {
            "nav": {"kind": "navigationController", "root": "list"},
            "list": {},
            "detail": {},
            "sheet": {}
          }
        }
        """

    /// The appearance steps of a transcript, as (instance, method).
    static func appearance(_ transcript: Transcript) -> [String] {
        let methods: Set<EventMethod> = [.viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear]
        return transcript.events.filter { methods.contains($0.method) }.map { "\($0.controller) \($0.method.rawValue)" }
    }

    @Test func popUnderASheet_releasesTheCaller_andThePresentationAnswersToItsPresenter() throws {
        let storyboard = try StoryboardJSONLoader.load(Data(Self.storyboard.utf8))
        var (state, _) = try Navigator.launch(storyboard, profile: .ios17, traits: .phone)
        let nav = try #require(state.windowRoot)
        let list = try #require(state[nav]?.children.first)
        let push = try Navigator.apply(.push(.scene(SceneID("detail")), navigation: nil, data: nil, animated: false), to: &state)
        let detail = try #require(state[nav]?.children.last)
        #expect(Self.appearance(push) == [
            "\(list) viewWillDisappear", "\(detail) viewWillAppear", "\(detail) viewIsAppearing",
            "\(list) viewDidDisappear", "\(detail) viewDidAppear",
        ])
        // A page sheet from the pushed instance: presented by the layer root, called by `detail`.
        _ = try Navigator.apply(.present(.scene(SceneID("sheet")), from: detail, style: .pageSheet, data: nil, animated: false), to: &state)
        let sheet = try #require(state[nav]?.presented)
        #expect(state[sheet]?.presentationCaller == detail)
        // The pop under the sheet: only the stack's tops change; `detail` is released, and the sheet's
        // next responder becomes its presenter.
        let pop = try Navigator.apply(.pop(navigation: nav, animated: false), to: &state)
        #expect(Self.appearance(pop) == [
            "\(detail) viewWillDisappear", "\(list) viewWillAppear", "\(list) viewIsAppearing",
            "\(detail) viewDidDisappear", "\(list) viewDidAppear",
        ])
        #expect(state[detail] == nil)
        #expect(state[sheet]?.presentationCaller == nav)
        #expect(state.invariantViolations().isEmpty, "\(state.invariantViolations())")
        let restored = try NavigationState(restoring: state.snapshot(), storyboard: storyboard)
        #expect(restored == state)
        // Dismissing the sheet (the top layer) takes out only its own subtree.
        let dismiss = try Navigator.apply(.dismiss(nil, animated: false), to: &state)
        #expect(Self.appearance(dismiss) == ["\(sheet) viewWillDisappear", "\(sheet) viewDidDisappear"])
        #expect(state.invariantViolations().isEmpty, "\(state.invariantViolations())")
    }
}
