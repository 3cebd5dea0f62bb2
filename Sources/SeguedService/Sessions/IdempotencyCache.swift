import HTTPServer

/// The responses of POSTs that carried an `Idempotency-Key`, so that a retry returns the first
/// result instead of acting twice (draft-ietf-httpapi-idempotency-key-header). Bounded: the oldest
/// keys are forgotten first.
struct IdempotencyCache: Sendable {
    /// A key with a fingerprint of the request it came with (method, path and body).
    struct Key: Sendable {
        var key: String
        var fingerprint: Int

        init(key: String, request: Request) {
            self.key = key
            var hasher = Hasher()
            hasher.combine(request.method)
            hasher.combine(request.path)
            hasher.combine(request.body)
            fingerprint = hasher.finalize()
        }
    }

    enum Lookup {
        case hit(Response)
        case reused
        case miss
    }

    static let capacity = 256
    /// In bytes (Stripe's limit; the draft sets none).
    static let maximumKeyLength = 255
    private var entries: [String: (fingerprint: Int, response: Response)] = [:]
    private var order: [String] = []

    func lookup(_ key: Key) -> Lookup {
        guard let entry = entries[key.key] else { return .miss }
        return entry.fingerprint == key.fingerprint ? .hit(entry.response) : .reused
    }

    mutating func store(_ response: Response, for key: Key) {
        if entries[key.key] == nil {
            order.append(key.key)
            if order.count > Self.capacity { entries[order.removeFirst()] = nil }
        }
        entries[key.key] = (key.fingerprint, response)
    }
}
