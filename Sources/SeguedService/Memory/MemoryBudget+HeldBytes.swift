public import HTTPServer

// The bytes the HTTP server holds for clients (streams, the pieces of produced bodies, whole bodies
// over HeldBody.countedFrom) are counted in the same budget as sessions and storyboards
// (`--max-memory`): a client that does not read takes memory like any other.
extension MemoryBudget: HeldBytesBudget {
    func release(_ bytes: Int) { adjust(by: -bytes) }
    func countConnection(_ bytes: Int) { adjust(by: bytes) }
    func releaseConnection(_ bytes: Int) { adjust(by: -bytes) }

    func refusal(holding bytes: Int) -> Response {
        Problem.responseOverBudget(limit: limit, held: accounted, adding: bytes).response
    }
}

extension SeguedService {
    /// The budget the HTTP server counts what it holds for clients in (ServerConfiguration.heldBytesBudget).
    public var heldBytesBudget: any HeldBytesBudget { memory }
}
