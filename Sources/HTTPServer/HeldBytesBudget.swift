/// A budget the bytes held for clients are counted in besides the server's own bounds: the
/// service's memory budget (`--max-memory`), so that what streams hold for clients that read slowly
/// or not at all is memory like any other, and cannot take the daemon past its limit while the
/// budget counts almost nothing (32 streams held 2.16 GB under `--max-memory 512MB`, issue 28).
public protocol HeldBytesBudget: Sendable {
    /// Counts `bytes` if they fit; `false` (nothing counted) when they would pass the limit.
    func reserve(_ bytes: Int) -> Bool
    /// Gives back bytes counted by ``reserve(_:)``.
    func release(_ bytes: Int)
    /// Counts an open connection's memory pool, whatever the limit (the connection limit bounds
    /// them, and the memory is already taken): a later ``reserve(_:)`` finds that much less room.
    func countConnection(_ bytes: Int)
    /// Gives back a closed connection's pool, counted by ``countConnection(_:)``.
    func releaseConnection(_ bytes: Int)
    /// The answer in place of a whole body of `bytes` the budget has no room to hold for a client
    /// (a 503 problem).
    func refusal(holding bytes: Int) -> Response
}
