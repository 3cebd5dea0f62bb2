import Foundation
import Navigation
import Storyboard
import Testing

/// The snapshot check walks each instance's way up once, not once per instance below it (issue 28:
/// a 1 MB snapshot of a chain of 2,600 presentations cost 0.46 to 0.66 s of CPU), and still names
/// the same faults: a cycle, an instance that does not lead up to the window root, a caller inside
/// the presentation it made, a presentation listed before its presenter's.
struct SnapshotDepthTests {
    /// One scene that presents itself: each segue adds a layer on top of the last.
    static let storyboard = #"""
        {"format": "segued.storyboard/1", "name": "Chain", "initialScene": "a",
         "scenes": {"a": {"segues": [{"identifier": "p", "kind": "presentation", "destination": "a"}]}}}
        """#

    static func chain(_ layers: Int) throws -> NavigationState {
        let storyboard = try StoryboardJSONLoader.load(Data(Self.storyboard.utf8))
        var (state, _) = try Navigator.launch(storyboard)
        for _ in 0..<layers { _ = try Navigator.apply(.performSegue(.init(segue: .identifier(SegueID("p")))), to: &state) }
        return state
    }

    static func refusal(_ snapshot: NavigationSnapshot, _ storyboard: Storyboard) -> String? {
        do throws(SnapshotError) {
            _ = try NavigationState(restoring: snapshot, storyboard: storyboard)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aDeepChainOfPresentations_restoresAsItWas() throws {
        let state = try Self.chain(300)
        let snapshot = state.snapshot()
        #expect(snapshot.presentations.count == 300)
        let restored = try NavigationState(restoring: snapshot, storyboard: state.storyboard)
        #expect(restored.snapshot() == snapshot)
        #expect(restored.invariantViolations().isEmpty)
    }

    @Test func faultsDeepInAChain_areNamedAsBefore() throws {
        let state = try Self.chain(6)
        let valid = state.snapshot()
        let position = Dictionary(uniqueKeysWithValues: valid.instances.enumerated().map { ($1.id, $0) })
        let top = try #require(valid.presentations.last)
        let below = try #require(valid.presentations.dropLast().last)
        _ = try #require(valid.windowRoot)

        // The two top layers presenting each other, both sides of each relation agreeing: a cycle
        // of presenters, cut off from the window root.
        var cycle = valid
        let presenter = try #require(valid.instances[position[below]!].presentation?.presenting)
        cycle.instances[position[presenter]!].presented = nil
        cycle.instances[position[below]!].presentation?.presenting = top
        cycle.instances[position[top]!].presented = below
        #expect(Self.refusal(cycle, state.storyboard) == "instances[\(position[below]!)]: \(below) is in a cycle of parents and presenters")

        // A caller inside the presentation it made (the presented root itself).
        var inside = valid
        inside.instances[position[top]!].presentation?.caller = top
        #expect(Self.refusal(inside, state.storyboard) == "instances[\(position[top]!)].presentation.caller: inside the presentation it made")

        // A caller above it is fine: the layer below's root called the presentation.
        var above = valid
        above.instances[position[top]!].presentation?.caller = below
        #expect(Self.refusal(above, state.storyboard) == nil)

        // Presentations listed top first.
        var order = valid
        order.presentations.reverse()
        #expect(Self.refusal(order, state.storyboard) == "presentations[0]: \(top) comes before the presentation of its presenter")
    }
}
