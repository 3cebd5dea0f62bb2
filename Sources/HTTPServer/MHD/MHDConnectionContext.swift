import Synchronization

/// Per-request state kept in libmicrohttpd's `*con_cls` between access-handler calls: the method and
/// path from the first call and the body as it arrives in pieces.
///
/// "`con_cls` is per request, not per connection" (notes/libmicrohttpd.md). Retained when stored on
/// the first call, released exactly once in the request-completed callback, which MHD calls for
/// aborted requests too.
final class MHDConnectionContext {
    let method: String
    let path: String
    let limit: Int
    private(set) var body: [UInt8] = []
    private(set) var exceededLimit = false
    /// The stream the response sends, told when the request ends (the connection is then gone).
    var stream: ResponseStream?

    /// Counts the contexts alive, so that a leak test can check every retain had its release.
    private let core: ServerCore

    init(method: String, path: String, limit: Int, core: ServerCore) {
        self.method = method
        self.path = path
        self.limit = limit
        self.core = core
        core.liveContexts.add(1, ordering: .relaxed)
    }

    deinit { core.liveContexts.subtract(1, ordering: .relaxed) }

    /// Appends a piece of the body; past the limit the body is dropped and the rest is drained.
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard !exceededLimit else { return }
        if body.count + bytes.count > limit {
            exceededLimit = true
            body = []
        } else {
            body.append(contentsOf: bytes)
        }
    }
}

/// Collects key/value pairs from `MHD_get_connection_values` during one synchronous call.
final class MHDValueCollector {
    var pairs: [(name: String, value: String)] = []
    /// Header names are stored lowercased; query argument names as sent.
    let lowercasingNames: Bool

    init(lowercasingNames: Bool) { self.lowercasingNames = lowercasingNames }
}
