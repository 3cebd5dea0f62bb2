import Navigation
@testable import SeguedService
import Storyboard
import Testing

/// The event log's chunks: filling, crossing chunk boundaries, and dropping the oldest once full
/// (by count, and by size for events that carry what a client sent).
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

    /// An idle session keeps its last chunk as its last operation left it: room for what its
    /// operations needed (8 bytes an event for a new chunk, then at the bytes an event took so far,
    /// and one event's head more), not Array's doubling, and never past the chunk's size.
    @Test func aChunkReservesWhatItsOperationsNeed() {
        var chunk = PackedEvents(firstSequence: 1)
        for operation in [events(1...66), events(67...86)] {
            chunk.reserve(more: operation.count, limit: 512, byteLimit: 64 << 10)
            for index in operation.indices { chunk.append(operation, at: index, markStride: 64) }
        }
        #expect(chunk.count == 86)
        // viewDidLoad of vc1…vc86 in the demo's first scene: four bytes each, five past vc63.
        #expect(chunk.byteCount == 4 * 86 + 23)
        // The first operation's room, which the second did not need to grow (malloc rounds to 16).
        let slack = EventCoding.headCapacity + 16
        #expect(chunk.reservedBytes >= 8 * 66 + EventCoding.headCapacity && chunk.reservedBytes <= 8 * 66 + slack, "\(chunk.reservedBytes)")
        // Growing by an eighth at least, so that many small operations do not copy it each time:
        // a thousand one-event operations grow a chunk some 40 times, not at every few.
        var small = PackedEvents(firstSequence: 1)
        var growths = 0
        for sequence in 1...1000 {
            let before = small.reservedBytes
            small.reserve(more: 1, limit: 1000, byteLimit: 64 << 10)
            small.append(events(sequence...sequence), at: 0, markStride: 128)
            if small.reservedBytes != before { growths += 1 }
        }
        #expect(growths < 60, "\(growths)")
        // No more than the chunk's events at most at the bytes an event took.
        chunk.reserve(more: 1000, limit: 512, byteLimit: 64 << 10)
        #expect(chunk.reservedBytes <= 5 * 512 + slack, "\(chunk.reservedBytes)")
    }

    /// A chunk holding a few heavy events does not reserve their average size for every event of
    /// the next operation: never much past the bytes at which the log closes it.
    @Test func aChunkOfHeavyEvents_reservesNoMoreThanItsByteLimit() {
        var chunk = PackedEvents(firstSequence: 1)
        let heavy = heavyEvents(from: 1, count: 3, senderBytes: 3_000)
        for index in heavy.indices { chunk.append(heavy, at: index, markStride: 64) }
        #expect(chunk.byteCount > 9_000)
        // 20 more at 3 KB each would be 69 KB: up to the limit instead.
        var below = chunk
        below.reserve(more: 20, limit: 512, byteLimit: 20_000)
        #expect(below.reservedBytes >= 20_000 + EventCoding.headCapacity && below.reservedBytes <= 20_000 + EventCoding.headCapacity + 16, "\(below.reservedBytes)")
        // Already past the limit: nothing more.
        let before = chunk.reservedBytes
        chunk.reserve(more: 20, limit: 512, byteLimit: 9_000)
        #expect(chunk.reservedBytes == before)
    }

    private func record(_ sequences: ClosedRange<Int>, revision: Int) -> OperationRecord? {
        OperationRecord(.action, Transcript(performed: true, events: events(sequences)), revision: revision)
    }

    /// Operations are kept while the log holds their last event, for the streams' backlogs.
    @Test func operations_areKeptWhileTheirLastEventIs() throws {
        #expect(OperationRecord(.action, Transcript(performed: false), revision: 1) == nil, "no events, nothing to delimit")
        var log = EventLog(capacity: 7, chunkSize: 3)
        log.append(contentsOf: events(1...3), operation: record(1...3, revision: 1))
        log.append(contentsOf: events(4...5), operation: record(4...5, revision: 2))
        let oneSize = log.operationsSize / 2
        #expect(oneSize == EventLog.operationBytes)
        #expect(log.operations(endingAfter: 0).map(\.lastSequence) == [3, 5])
        #expect(log.operations(endingAfter: 3).map(\.lastSequence) == [5])
        // Partly seen: its message came after its last event, so it was not.
        #expect(log.operations(endingAfter: 4).map(\.lastSequence) == [5])
        #expect(log.operations(endingAfter: 5).isEmpty)
        // The log holds 3...9: the first operation's last event is still there.
        log.append(contentsOf: events(6...9), operation: record(6...9, revision: 3))
        #expect(log.firstSequence == 3)
        #expect(log.operations(endingAfter: 0).map(\.firstSequence) == [1, 4, 6])
        log.append(contentsOf: events(10...10), operation: record(10...10, revision: 4))
        #expect(log.firstSequence == 4)
        #expect(log.operations(endingAfter: 0).map(\.revision) == [2, 3, 4])
        #expect(log.operationsSize == 3 * oneSize)
    }

    /// Many operations through a small log: only those of the held events stay, in order, and their
    /// memory is given back.
    @Test func operations_manyThroughASmallLog() {
        var log = EventLog(capacity: 7, chunkSize: 3)
        for sequence in 1...500 { log.append(contentsOf: events(sequence...sequence), operation: record(sequence...sequence, revision: sequence)) }
        #expect(log.operations(endingAfter: 0).map(\.revision) == Array(494...500))
        #expect(log.operations(endingAfter: 497).map(\.revision) == [498, 499, 500])
        #expect(log.operationsSize == 7 * EventLog.operationBytes)
    }

    /// An operation's search steps, kept in its details after its last event, come back with it,
    /// whatever was let go before it.
    @Test func operations_keepTheirSearchSteps() {
        func steps(_ revision: Int) -> [SearchStep] {
            (0..<revision % 4).map { SearchStep(controller: ControllerID(rawValue: revision * 10 + $0), method: .canPerformUnwindSegueAction, result: .bool($0 % 2 == 0)) }
        }
        var log = EventLog(capacity: 7, chunkSize: 3)
        for sequence in 1...300 {
            let transcript = Transcript(performed: true, events: events(sequence...sequence), search: steps(sequence))
            log.append(contentsOf: events(sequence...sequence), operation: OperationRecord(.unwind, transcript, revision: sequence))
        }
        let held = log.operations(endingAfter: 0)
        #expect(held.map(\.revision) == Array(294...300))
        #expect(held.map(\.search) == (294...300).map(steps))
        #expect(log.operations(endingAfter: 295, through: 297).map(\.search) == (296...297).map(steps))
        #expect(log.operationRuns().map(\.record.search) == (294...300).map(steps))
        #expect(log.operationsSize == 7 * EventLog.operationBytes)
    }

    /// Every field of a record comes back from its details, and the details between the events
    /// leave the events as they were, read from any position (chunks of 16: a mark every 2 events).
    @Test func operations_comeBackWhole_andTheirDetailsLeaveTheEventsAlone() {
        let segue = SegueDescription(
            identifier: SegueID("cancelEdit"), kind: .unwind, source: ControllerID(rawValue: 300), destination: nil, id: "Ab-1")
        let steps = [
            SearchStep(controller: ControllerID(rawValue: 9), method: .canPerformUnwindSegueAction, result: .bool(false)),
            SearchStep(controller: ControllerID(rawValue: 1 << 30), method: .allowedChildrenForUnwinding, result: .controllers([ControllerID(rawValue: 2)])),
        ]
        let command = Command.unwind(.init(target: .action("cancelEdit:"), source: ControllerID(rawValue: 300)))
        var log = EventLog(capacity: 100, chunkSize: 16)
        var records: [OperationRecord] = []
        for first in stride(from: 1, through: 61, by: 5) {
            var transcript = Transcript(performed: first % 2 == 0, events: events(first...(first + 4)), search: first % 3 == 0 ? steps : [])
            transcript.segue = first % 2 == 1 ? segue : nil
            transcript.destination = first > 30 ? ControllerID(rawValue: first) : nil
            transcript.reason = first % 4 == 1 ? .noUnwindDestination : nil
            let record = OperationRecord(first % 3 == 0 ? .unwind : .action, transcript, revision: first * 7, command: first > 1 ? command : nil)!
            records.append(record)
            log.append(contentsOf: transcript.events, operation: record)
        }
        #expect(log.operations(endingAfter: 0) == records)
        #expect(log.operations(endingAfter: 12, through: 40) == Array(records[2..<8]))
        for after in 0..<65 {
            #expect(sequences(log, after: after, limit: 3) == Array((after + 1)...min(65, after + 3)), "after \(after)")
        }
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

    /// `count` events from `first`, each a `prepareForSegue` whose sender is `senderBytes` long.
    private func heavyEvents(from first: Int, count: Int, senderBytes: Int) -> [LifecycleEvent] {
        (first..<first + count).map {
            LifecycleEvent(
                sequence: $0, controller: ControllerID(rawValue: 1), sceneIndex: scene, method: .prepareForSegue,
                arguments: [EventArgument("sender", .json(.string(String(repeating: "x", count: senderBytes))))])
        }
    }

    /// Events carrying 10 KB each, in a log allowed 40 KB with chunks closed at 25 KB (three events):
    /// whole chunks go, oldest first, while the log is over, except those holding the latest append.
    @Test func oversize_dropsWholeChunks_oldestFirst() {
        var log = EventLog(capacity: 1_000, byteCapacity: 40_000, chunkSize: 512, chunkBytes: 25_000)
        for first in stride(from: 1, through: 15, by: 2) {
            log.append(contentsOf: heavyEvents(from: first, count: 2, senderBytes: 10_000))
        }
        // Chunks [13 14 15] [16]: over 40 KB, but 15 and 16 are the latest append.
        #expect(sequences(log) == [13, 14, 15, 16])
        #expect(log.size > 40_000)
        log.append(contentsOf: heavyEvents(from: 17, count: 2, senderBytes: 10_000))
        // [13 14 15] [16 17 18]: 60 KB; the first chunk goes, the second holds the latest append.
        #expect(sequences(log) == [16, 17, 18])
        log.append(contentsOf: heavyEvents(from: 19, count: 2, senderBytes: 10_000))
        // [16 17 18] [19 20]: 50 KB, and the first chunk is all older than 19.
        #expect(sequences(log) == [19, 20])
        #expect(log.firstSequence == 19)
        #expect(log.count == 2)
        #expect((20_000..<21_000).contains(log.size), "\(log.size)")
        #expect(sequences(log, after: 1, limit: 1) == [19])
    }

    /// The chunks holding the latest append stay whatever their size: a client reads the events of
    /// the operation it just made next.
    @Test func theLatestAppend_isKept_evenWhenAloneOverTheLimit() {
        var log = EventLog(capacity: 1_000, byteCapacity: 5_000, chunkSize: 512, chunkBytes: 1_000)
        log.append(contentsOf: events(1...3))
        log.append(contentsOf: heavyEvents(from: 4, count: 3, senderBytes: 4_000))
        // [1 2 3 4] [5] [6]: 12 KB, kept, since the first chunk holds 4.
        #expect(sequences(log) == [1, 2, 3, 4, 5, 6])
        log.append(contentsOf: events(7...9))
        // [6] closed at 4 KB, then [7 8 9]: the two oldest chunks go, and with them the log is
        // under 5 KB again.
        #expect(sequences(log) == [6, 7, 8, 9])
        #expect((4_000..<5_000).contains(log.size), "\(log.size)")
    }

    /// Light events never reach the byte bound before the count bound: a session's history is the
    /// last `capacity` events, as before the byte bound was added.
    @Test func lightEvents_areBoundByCountAlone() {
        var log = EventLog(capacity: 10_000)
        for first in stride(from: 1, through: 20_000, by: 20) {
            log.append(contentsOf: heavyEvents(from: first, count: 20, senderBytes: 8))
        }
        #expect(log.count == 10_000)
        #expect(log.firstSequence == 10_001)
        #expect(log.size < log.byteCapacity)
    }
}
