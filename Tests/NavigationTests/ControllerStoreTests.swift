@testable import Navigation
import SeguedTestSupport
import Storyboard
import Testing

struct ControllerStoreTests {
    /// The instances' array grows by half again, not by doubling: a launched and pushed demo
    /// session's ten instances take 12 slots, not 16.
    @Test func aLaunchedAndPushedDemoSession_keepsItsInstancesIn12Slots() throws {
        var (state, _) = try Navigator.launch(DemoStoryboard.storyboard)
        _ = try Navigator.apply(.performSegue(.init(segue: .identifier(SegueID("showItem")), data: .object(["itemID": .number(1)]))), to: &state)
        #expect(state.liveCount == 10)
        #expect(state.instances.values.capacity == 12)
    }

    /// `index(of:)` guesses from either end before it bisects: every live id is found where it is
    /// and no released one is found, whatever the gaps, in stores where each guess hits or misses.
    @Test func everyLiveIdIsFound_andNoReleasedOne_whateverTheGaps() {
        let identity = SceneIdentity(id: SceneID("scene"), className: "UIViewController", kind: .viewController, index: SceneIndex(position: 0)!)
        var generator = SplitMix(seed: 7)
        for _ in 0..<300 {
            var store = ControllerStore()
            let made = generator.next(40) + 1
            for raw in 1...made { store.append(Controller(id: ControllerID(rawValue: raw), identity: identity, definesPresentationContext: nil)) }
            // Releases a random run or scattered ids: gaps at the start, in the middle, at the end.
            for _ in 0..<generator.next(12) {
                _ = store.remove(ControllerID(rawValue: generator.next(made) + 1))
            }
            let live = store.values.map(\.id.rawValue)
            for raw in [Int.min, -1, Int.max] + Array(0...(made + 2)) {
                #expect(store.index(of: ControllerID(rawValue: raw)) == live.firstIndex(of: raw), "id \(raw) of \(live)")
            }
        }
    }
}
