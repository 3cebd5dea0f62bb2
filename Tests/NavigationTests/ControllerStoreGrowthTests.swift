@testable import Navigation
import Storyboard
import Testing

/// The instances' array grows by half again, not by doubling: a launched and pushed demo session's
/// ten instances take 12 slots, not 16.
struct ControllerStoreGrowthTests {
    @Test func aLaunchedAndPushedDemoSession_keepsItsInstancesIn12Slots() throws {
        var (state, _) = try Navigator.launch(DemoStoryboard.storyboard)
        _ = try Navigator.apply(.performSegue(.init(segue: .identifier(SegueID("showItem")), data: .object(["itemID": .number(1)]))), to: &state)
        #expect(state.liveCount == 10)
        #expect(state.instances.values.capacity == 12)
    }
}
