@testable import Navigation
import Storyboard
import Testing

/// `NavigationState.loadAheadWord()` reads the instances at both ends of the store, each once, and
/// no others: a session of two hundred instances costs what one of twenty does (issue 26, item 3:
/// flat in what a session holds). Chains of presentations, so that each instance after the first
/// has a presentation box whose `presenting` adds its id to the word.
struct LoadAheadTests {
    @Test(arguments: [0, 3, 18, 19, 20, 200])
    func readsTheFirstFourAndTheLastSixteenInstances_eachOnce(layers: Int) throws {
        let state = try SnapshotDepthTests.chain(layers)
        let ids = state.controllers.map(\.id)
        #expect(ids.count == layers + 1)
        let read = Set(ids.prefix(4)).union(ids.suffix(16))
        var expected = state.presentations.count + state.splits.count
        for id in read {
            let controller = try #require(state[id])
            expected += controller.children.count + (controller.presenting?.rawValue ?? 0)
        }
        #expect(state.loadAheadWord() == expected)
    }
}
