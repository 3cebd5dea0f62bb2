import Dispatch
import Foundation
import Synchronization

/// Recovery's work spread over the cores, a batch at a time.
///
/// Restoring a session (its snapshot parsed and checked, its state built) and replaying its
/// operations cost about 100 µs of CPU a session, and all of it ran on the thread that read the
/// store: one core of two, so 20,000 sessions took 2.0-3.4 s to `/readyz`. The reader now gathers
/// ``batchSize`` items, then ``lanes`` threads work through them while it waits, each item on the
/// lane ``laneOf`` gives (the items of one session on one lane, in the order read), and the
/// outputs are handed back in that order too: what recovery reports, and in which order, is what
/// one thread did.
///
/// `available` is read once per recovery: `ProcessInfo` reads the cgroup's files at every call.
struct RecoveryLanes<Item: Sendable, Output: Sendable> {
    let lanes: Int
    let batchSize: Int
    /// What decides an item's lane (the lane is this modulo ``lanes``): the same for every item of
    /// a session.
    let key: @Sendable (Item) -> UInt64
    /// Runs on any lane: must only touch what is safe to share (the session store, a session's lock).
    let work: @Sendable (Item) -> Output
    private var items: [Item] = []

    init(lanes: Int, batchSize: Int = 256, key: @escaping @Sendable (Item) -> UInt64, work: @escaping @Sendable (Item) -> Output) {
        self.lanes = max(1, lanes)
        self.batchSize = max(1, batchSize)
        self.key = key
        self.work = work
    }

    /// How many lanes recovery uses: the cores this process may run on, up to eight.
    static var available: Int { min(8, max(1, ProcessInfo.processInfo.activeProcessorCount)) }

    /// Adds `item`; once a batch is full, works it and hands each item's output to `collect`.
    mutating func add(_ item: Item, collect: (Item, Output) -> Void) {
        items.append(item)
        if items.count >= batchSize { finish(collect: collect) }
    }

    /// Works what is gathered, and hands each item's output to `collect`, in the order added.
    mutating func finish(collect: (Item, Output) -> Void) {
        guard !items.isEmpty else { return }
        let batch = items
        items.removeAll(keepingCapacity: true)
        if lanes == 1 || batch.count == 1 {
            for item in batch { collect(item, work(item)) }
            return
        }
        let lanes = self.lanes, work = self.work
        let laneOfItem = batch.map { Int(key($0) % UInt64(lanes)) }
        let outputs = Mutex<[Output?]>(Array(repeating: nil, count: batch.count))
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            var mine: [(Int, Output)] = []
            for index in batch.indices where laneOfItem[index] == lane {
                mine.append((index, work(batch[index])))
            }
            outputs.withLock { outputs in
                for (index, output) in mine { outputs[index] = output }
            }
        }
        let done = outputs.withLock { $0 }
        for index in batch.indices {
            guard let output = done[index] else { preconditionFailure("item \(index) was given no lane in 0..<\(lanes)") }
            collect(batch[index], output)
        }
    }
}
