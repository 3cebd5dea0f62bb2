import HTTPServer
import Synchronization

/// Requests and operations observed but not yet handed to the Prometheus collectors: kept per
/// thread slot (``PerThreadSlot``) and handed over in batches, and all of them before every scrape,
/// so that `/metrics` still counts every request answered before it.
///
/// Recorded one by one, every request took the collectors' table lock, incremented a shared
/// counter and took a histogram's lock, and every operation took another table lock and counter:
/// five cache lines that both server threads wrote on every request, moving between the cores each
/// time. Switched off altogether, they measured 2.8% of the CPU and 8.1% of the user time of a segue
/// and unwind under the (b) load (16 paired rounds; bench/http/NOTES.md). A thread's own shard
/// stays in its core's cache; the shared lines move once a batch.
final class PendingObservations: Sendable {
    typealias RequestKey = ServiceMetrics.RequestKey
    typealias OperationKey = ServiceMetrics.OperationKey

    /// Requests a shard holds before its thread hands them over. Operations are kept as a count a
    /// key, which no batch needs to bound, and go with the requests (and before every scrape).
    static var batch: Int { 64 }

    struct Held {
        /// Requests in arrival order: their latencies are recorded one by one.
        var requests: [(key: RequestKey, duration: Duration)] = []
        /// Operations by key: a count is all they carry.
        var operations: [(key: OperationKey, count: Int)] = []

        var isEmpty: Bool { requests.isEmpty && operations.isEmpty }
    }

    private final class Shard: Sendable {
        let held = Mutex(Held())
        private let padding = CacheLinePadding()
    }

    private let shards = PerThreadSlot { Shard() }

    /// Notes a request; `handOver` gets the calling thread's batch when it is full. Every call
    /// hands over under the shard's lock, so that a scrape that hands over every shard
    /// (``handOverAll(_:)``) misses none being handed over.
    func request(_ key: RequestKey, duration: Duration, handOver: (Held) -> Void) {
        shards.current.held.withLock { held in
            held.requests.append((key, duration))
            if held.requests.count >= Self.batch { handOverAndClear(&held, handOver) }
        }
    }

    /// Notes an operation in the calling thread's counts, handed over with its next batch.
    func operation(_ key: OperationKey) {
        shards.current.held.withLock { held in
            if let index = held.operations.firstIndex(where: { $0.key == key }) {
                held.operations[index].count += 1
            } else {
                held.operations.append((key, 1))
            }
        }
    }

    /// Hands every shard's observations over: before the collectors are read.
    func handOverAll(_ handOver: (Held) -> Void) {
        for shard in shards.all { shard.held.withLock { held in handOverAndClear(&held, handOver) } }
    }

    private func handOverAndClear(_ held: inout Held, _ handOver: (Held) -> Void) {
        guard !held.isEmpty else { return }
        handOver(held)
        held.requests.removeAll(keepingCapacity: true)
        held.operations.removeAll(keepingCapacity: true)
    }
}
