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
        return Request(method: method, path: path, query: [], headers: headers, body: Array((json ?? "").utf8))
    }
}

extension Response {
    var text: String { String(decoding: body, as: UTF8.self) }
}
