@testable import SeguedService
import Synchronization
import Testing

/// Recovery spreads its work over the cores (RecoveryLanes): what it reports must be what one
/// thread would have, and the records of one session must be worked in the order they were read.
struct RecoveryLanesTests {
    @Test(arguments: [1, 2, 3])
    func outputs_comeBackInTheOrderAdded_acrossBatches(lanes: Int) {
        var collected: [(Int, String)] = []
        var recovery = RecoveryLanes<Int, String>(lanes: lanes, batchSize: 4, key: { UInt64($0 % 5) }) { "item \($0)" }
        for item in 0..<23 { recovery.add(item) { collected.append(($0, $1)) } }
        // Three batches of four were worked as they filled; the last three wait for `finish`.
        #expect(collected.count == 20)
        recovery.finish { collected.append(($0, $1)) }
        recovery.finish { collected.append(($0, $1)) }
        #expect(collected.map(\.0) == Array(0..<23))
        #expect(collected.map(\.1) == (0..<23).map { "item \($0)" })
    }

    @Test func itemsWithOneKey_areWorkedInOrder_onOneLane() {
        let seen = Mutex<[UInt64: [Int]]>([:])
        var recovery = RecoveryLanes<Int, Int>(lanes: 2, batchSize: 64, key: { UInt64($0 % 7) }) { item in
            seen.withLock { $0[UInt64(item % 7), default: []].append(item) }
            return item * 2
        }
        var outputs: [Int] = []
        for item in 0..<500 { recovery.add(item) { outputs.append($1) } }
        recovery.finish { outputs.append($1) }
        #expect(outputs == (0..<500).map { $0 * 2 })
        let byKey = seen.withLock { $0 }
        #expect(byKey.count == 7)
        for (key, items) in byKey { #expect(items == (0..<500).filter { UInt64($0 % 7) == key }) }
    }
}
