import Foundation
import Navigation
import Storyboard
import Testing

/// Show Detail on a collapsed split whose secondary never moved onto a navigation stack: at launch
/// in compact width the primary was no navigation controller, so the secondary stayed in its own
/// column; a show from the primary then replaced that column with a navigation controller, and a
/// show detail pushes on it (spec §5.4). The secondary keeps its column (and stays the split's
/// child), so the state is one the snapshot checker accepts. Found by SnapshotPropertyTests: the
/// pushed detail was made the secondary while the old one stayed a child that was no column.
struct SplitCollapsedShowDetailTests {
    /// The storyboard of the scenario `split-collapsed-show-detail-keeps-secondary-column`.
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/split-without-primary-navigation.json")

    @Test func theSecondaryKeepsItsColumn_andTheStateSurvivesASnapshot() throws {
        let storyboard = try StoryboardJSONLoader.load(Data(contentsOf: Self.fixture))
        var (state, _) = try Navigator.launch(storyboard, profile: .ios17, traits: Traits(horizontalSizeClass: .compact, idiom: .phone))
        let split = try #require(state.windowRoot)
        let secondary = try #require(state[split]?.split?.secondary)
        _ = try Navigator.apply(.performSegue(.init(segue: .identifier(SegueID("browse")))), to: &state)
        let detail = try Navigator.apply(.performSegue(.init(segue: .identifier(SegueID("open")))), to: &state)
        #expect(detail.performed)
        #expect(detail.events.map { $0.line(in: storyboard) }.contains { $0.contains("showDetailViewController") })
        #expect(state[split]?.split?.secondary == secondary)
        #expect(state.invariantViolations().isEmpty, "\(state.invariantViolations())")
        let restored = try NavigationState(restoring: state.snapshot(), storyboard: storyboard)
        #expect(restored == state)
    }
}
