import Navigation
@testable import SeguedService
import Storyboard
import Testing

/// The event log's chunks: filling, crossing chunk boundaries, and dropping the oldest once full.
struct EventLogTests {
    private let scene = DemoStoryboard.storyboard.index(of: DemoStoryboard.storyboard.sortedSceneIDs[0])!

    private func events(_ sequences: ClosedRange<Int>) -> [LifecycleEvent] {
        sequences.map { LifecycleEvent(sequence: $0, controller: ControllerID(rawValue: $0), sceneIndex: scene, method: .viewDidLoad) }
    }

    private func sequences(_ log: EventLog, after: Int = 0, limit: Int = .max) -> [Int] {
        log.events(after: after, limit: limit).map(\.sequence)
    }

    @Test func fillsAcrossChunks_inOrder() {
        var log = EventLog(capacity: 10, chunkSize: 3)
        log.append(contentsOf: events(1...2))
        log.append(contentsOf: events(3...8))
        #expect(log.count == 8)
        #expect(log.firstSequence == 1)
        #expect(sequences(log) == Array(1...8))
        #expect(sequences(log, after: 2, limit: 4) == [3, 4, 5, 6])
        #expect(sequences(log, after: 8) == [])
    }

    @Test func full_dropsTheOldest_acrossChunkBoundaries() {
        var log = EventLog(capacity: 7, chunkSize: 3)
        log.append(contentsOf: events(1...7))
        #expect(sequences(log) == Array(1...7))
        log.append(contentsOf: events(8...12))
        #expect(log.count == 7)
        #expect(log.firstSequence == 6)
        #expect(sequences(log) == Array(6...12))
        #expect(sequences(log, after: 9, limit: 2) == [10, 11])
        // Earlier than the oldest held: from the oldest.
        #expect(sequences(log, after: 1, limit: 3) == [6, 7, 8])
        log.append(contentsOf: events(13...30))
        #expect(sequences(log) == Array(24...30))
    }

    /// The engine numbers events consecutively; should a gap ever come, the log starts a new chunk
    /// rather than number the events after it wrongly.
    @Test func aGapInSequenceNumbers_keepsEveryNumber() {
        var log = EventLog(capacity: 6, chunkSize: 4)
        log.append(contentsOf: events(1...2) + events(10...11))
        #expect(sequences(log) == [1, 2, 10, 11])
        #expect(sequences(log, after: 2) == [10, 11])
        #expect(sequences(log, after: 5, limit: 1) == [10])
        log.append(contentsOf: events(12...14))
        #expect(log.count == 6)
        #expect(log.firstSequence == 2)
        #expect(sequences(log) == [2, 10, 11, 12, 13, 14])
    }

    @Test func empty_andCapacityOfOne() {
        var log = EventLog(capacity: 1, chunkSize: 4)
        #expect(log.firstSequence == nil)
        #expect(sequences(log) == [])
        log.append(contentsOf: events(1...3))
        #expect(sequences(log) == [3])
    }

    /// Checked against the simplest log (an array trimmed from the front) over many shapes.
    @Test(arguments: [(1, 1), (5, 2), (9, 3), (16, 4), (10, 16)])
    func agreesWithATrimmedArray(capacity: Int, chunkSize: Int) {
        var log = EventLog(capacity: capacity, chunkSize: chunkSize)
        var reference: [Int] = []
        var next = 1
        for batch in [0, 1, 3, 7, 2, 11, 5, 1, 13] {
            if batch > 0 {
                log.append(contentsOf: events(next...(next + batch - 1)))
                reference.append(contentsOf: next...(next + batch - 1))
                next += batch
            }
            reference = Array(reference.suffix(capacity))
            #expect(sequences(log) == reference)
            #expect(log.firstSequence == reference.first)
            for after in [0, next - 3, next - 1] {
                #expect(sequences(log, after: after, limit: 2) == Array(reference.filter { $0 > after }.prefix(2)))
            }
        }
    }
}
