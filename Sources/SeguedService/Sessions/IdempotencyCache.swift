import HTTPServer
import Store

/// The responses of POSTs that carried an `Idempotency-Key`, so that a retry returns the first
/// result instead of acting twice (draft-ietf-httpapi-idempotency-key-header). Bounded in keys and
/// in bytes: the oldest keys are forgotten first, and the latest response is always kept.
struct IdempotencyCache: Sendable {
    /// A key with a fingerprint of the request it came with (method, path and body).
    struct Key: Sendable {
        var key: String
        var fingerprint: Int

        /// FNV-1a (64 bits) of the method, path and body, each ended by a 0 byte: the same in every
        /// process, so that a key stored with `--state-dir` still recognizes its request after a
        /// restart (Swift's `Hasher` is seeded anew in each process).
        init(key: String, request: Request) {
            self.key = key
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            func mix(_ byte: UInt8) {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            for byte in request.method.utf8 { mix(byte) }
            mix(0)
            for byte in request.path.utf8 { mix(byte) }
            mix(0)
            for byte in request.body { mix(byte) }
            fingerprint = Int(bitPattern: UInt(hash))
        }

        /// A key as stored (``Persistence``).
        init(key: String, fingerprint: Int) {
            self.key = key
            self.fingerprint = fingerprint
        }
    }

    enum Lookup {
        /// The answer stored for the key, and the commit it waits for (nil: none, or committed).
        case hit(Response, CommitTicket?)
        case reused
        case miss
    }

    /// In bytes (Stripe's limit; the draft sets none).
    static let maximumKeyLength = 255
    /// Keys remembered. A client retries its latest requests, not its 256th before.
    let capacity: Int
    /// Response bytes remembered. A response is a few kilobytes, but one on a session with thousands
    /// of presentations is megabytes: 256 of those kept one session's cache at a gigabyte.
    let byteBudget: Int
    private var entries: [String: (fingerprint: Int, response: Response, ticket: CommitTicket?)] = [:]
    private var order: [String] = []
    private(set) var bytes = 0

    init(capacity: Int = 256, byteBudget: Int = 256 << 10) {
        self.capacity = capacity
        self.byteBudget = byteBudget
    }

    func lookup(_ key: Key) -> Lookup {
        guard let entry = entries[key.key] else { return .miss }
        return entry.fingerprint == key.fingerprint ? .hit(entry.response, entry.ticket) : .reused
    }

    /// Stores `response` for `key`; with `ticket`, a retry's answer waits for that commit (issue 53:
    /// a retry answered 200 for a change a full disk had kept from being stored).
    mutating func store(_ response: Response, for key: Key, ticket: CommitTicket? = nil) {
        if let replaced = entries[key.key] {
            bytes -= replaced.response.body.count
        } else {
            order.append(key.key)
        }
        entries[key.key] = (key.fingerprint, response, ticket)
        bytes += response.body.count
        while order.count > 1, order.count > capacity || bytes > byteBudget {
            bytes -= entries.removeValue(forKey: order.removeFirst())?.response.body.count ?? 0
        }
    }
}

extension IdempotencyCache {
    /// The commit of `key`'s change failed: its answer becomes `problem` (the change was made, not
    /// stored), so that a retry says so rather than replaying a success. Nothing when the key has
    /// been forgotten or answers another request since.
    mutating func replace(_ key: Key, with problem: Response) {
        guard case .hit = lookup(key) else { return }
        store(problem, for: key)
    }
}
