import Foundation
import Storyboard
import Testing

/// One storyboard per lint rule, each with exactly the problem the rule reports.
struct StoryboardLintTests {
    private func warnings(_ scenes: String, classes: String = "{}", initial: String = "a") throws -> [String] {
        let text = #"{"format": "segued.storyboard/1", "initialScene": "\#(initial)", "scenes": \#(scenes), "classes": \#(classes)}"#
        return StoryboardLint.warnings(try StoryboardJSONLoader.load(Data(text.utf8)))
    }

    @Test func clean_hasNoWarnings() throws {
        #expect(try warnings(#"{"a": {"kind": "navigationController", "root": "b"}, "b": {"segues": [{"identifier": "go", "kind": "push", "destination": "b"}]}}"#) == [])
    }

    @Test func unreachableScenes() throws {
        #expect(try warnings(#"{"a": {}, "b": {}, "c": {"storyboardIdentifier": "C"}}"#)
            == ["scene b is unreachable: nothing leads to it and code cannot instantiate it (no storyboard identifier)"])
    }

    @Test func controllerOwnedSeguesWithoutIdentifiers() throws {
        #expect(try warnings(#"{"a": {"segues": [{"kind": "show", "destination": "a", "trigger": "controller"}, {"kind": "show", "destination": "a"}]}}"#)
            == ["scene a: a show segue owned by the controller has no identifier, so code cannot trigger it"])
    }

    @Test func duplicateIdentifiersWithinAScene() throws {
        #expect(try warnings(#"{"a": {"segues": [{"identifier": "go", "kind": "show", "destination": "a"}, {"identifier": "go", "kind": "modal", "destination": "a"}]}}"#)
            == [#"scene a: segue identifier "go" is used by 2 segues; performSegue(withIdentifier:) takes the first"#])
    }

    @Test func duplicateSegueIDsWithinAScene() throws {
        #expect(try warnings(#"{"a": {"segues": [{"id": "t1", "kind": "show", "destination": "a"}, {"id": "t1", "kind": "modal", "destination": "a"}, {"id": "t2", "kind": "modal", "destination": "a"}]}}"#)
            == [#"scene a: segue id "t1" is used by 2 segues; a request by id performs the first"#])
    }

    @Test func unwindActionsNoClassImplements() throws {
        let scenes = #"{"a": {"class": "A", "segues": [{"identifier": "back", "kind": "unwind", "action": "back:"}, {"identifier": "done", "kind": "unwind", "action": "done:"}]}}"#
        #expect(try warnings(scenes, classes: #"{"A": {"unwindActions": ["done:"]}}"#)
            == ["unwind action back:: no known class implements it, so unwinds to it find no destination (give class facts or sources)"])
    }

    @Test func pushesWithoutANavigationControllerOnSomePath() throws {
        let scenes = #"{"a": {"segues": [{"identifier": "nav", "kind": "modal", "destination": "n"}, {"identifier": "direct", "kind": "modal", "destination": "b"}]}, "n": {"kind": "navigationController", "root": "b"}, "b": {"segues": [{"identifier": "more", "kind": "push", "destination": "c"}]}, "c": {}}"#
        #expect(try warnings(scenes) == ["scene b: push segue more has no navigation controller on some path to its source; UIKit raises there"])
    }

    /// `b` is reached in the stack of `n` and, presented, in the primary column of split `s`: only the
    /// first place pushes; presenting the navigation controller (`c`) is fine everywhere.
    @Test func pushedNavigationControllersOutsideSplitViews() throws {
        let scenes = #"""
            {"a": {"kind": "tabBarController", "tabs": ["n", "s"]},
             "n": {"kind": "navigationController", "root": "b"},
             "s": {"kind": "splitViewController", "primary": "p", "secondary": "d"},
             "p": {"kind": "navigationController", "root": "b"},
             "d": {},
             "b": {"segues": [{"identifier": "form", "kind": "show", "destination": "f"}, {"identifier": "old", "kind": "push", "destination": "f"},
                              {"identifier": "fade", "kind": "custom", "perform": "push", "destination": "f"},
                              {"identifier": "sheet", "kind": "presentation", "destination": "f"}]},
             "f": {"kind": "navigationController", "root": "c"},
             "c": {}}
            """#
        let message = #"pushes a navigation controller on some path to its source; UIKit raises there ("Pushing a navigation controller is not supported")"#
        #expect(try warnings(scenes) == ["scene b: show segue form \(message)", "scene b: push segue old \(message)", "scene b: custom segue fade \(message)"])
        let onlyInSplit = scenes.replacingOccurrences(of: #""tabs": ["n", "s"]"#, with: #""tabs": ["s"]"#)
        #expect(try warnings(onlyInSplit) == ["scene n is unreachable: nothing leads to it and code cannot instantiate it (no storyboard identifier)"])
    }
}
