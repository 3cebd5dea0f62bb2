import Foundation
import HTTPServer
import SeguedService
import Store
import Storyboard
import Testing

/// A fresh state directory under the temporary folder, removed by `cleanUp()`.
struct TemporaryStateDirectory {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("segued-store-\(UUID().uuidString)").path
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: path) }

    /// Opens the store; a fatal store error fails the test (none is expected here).
    func open(_ policy: FsyncPolicy = .everysec) throws -> DurableStore {
        try DurableStore(directory: path, policy: policy) { error in Issue.record("fatal store error: \(error)") }
    }

    /// A service over the store in this directory, recovered and answering.
    func service(_ policy: FsyncPolicy = .everysec) throws -> (SeguedService, DurableStore) {
        let store = try open(policy)
        let service = SeguedService(store: store)
        _ = try service.recover()
        return (service, store)
    }
}

extension Request {
    static func make(_ method: String, _ path: String, json: String? = nil, headers: [String: String] = [:]) -> Request {
        var headers = headers
        if json != nil { headers["content-type"] = "application/json" }
        // `path?name=value&…`: the query apart, as libmicrohttpd hands it over.
        let parts = path.split(separator: "?", maxSplits: 1).map(String.init)
        var query: [(name: String, value: String)] = []
        for pair in parts.count < 2 ? [] : parts[1].split(separator: "&") {
            let field = pair.split(separator: "=", maxSplits: 1).map(String.init)
            query.append((name: field[0], value: field.count > 1 ? field[1] : ""))
        }
        return Request(method: method, path: parts[0], query: query, headers: headers, body: Array((json ?? "").utf8))
    }
}

extension Response {
    /// The body as text, a produced one (an events page) read whole.
    var text: String { String(decoding: producer == nil ? body : readWholeBody() ?? [], as: UTF8.self) }
}
