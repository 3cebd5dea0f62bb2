import Flows
import Foundation
import Storyboard
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A blocking JSON client of a running daemon for `segued test --url`, with bearer auth when the
/// daemon needs a token. Safe to share between the runner's threads (URLSession is).
final class DaemonClient: Sendable {
    struct Reply {
        var status: Int
        var json: JSONValue
    }

    let base: String
    let token: String?
    private let session: URLSession

    init(base: String, token: String?) {
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.token = token
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        configuration.httpMaximumConnectionsPerHost = 64
        session = URLSession(configuration: configuration)
    }

    func send(_ method: String, _ path: String, json: JSONValue? = nil, body: Data? = nil, contentType: String? = nil) throws -> Reply {
        guard let url = URL(string: base + path) else { throw FlowError("not a URL: \(base + path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let json {
            request.httpBody = Data(json.compactDescription.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        } else if let body {
            request.httpBody = body
            request.setValue(contentType ?? "application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let box = ReplyBox()
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: request) { data, response, error in
            if let error {
                box.result = .failure(FlowError("\(method) \(path): \(error.localizedDescription)"))
            } else if let http = response as? HTTPURLResponse {
                let bytes = Array(data ?? Data())
                let json = bytes.isEmpty ? JSONValue.null : ((try? JSONValue.parse(bytes)) ?? .string(String(decoding: bytes, as: UTF8.self)))
                box.result = .success(Reply(status: http.statusCode, json: json))
            } else {
                box.result = .failure(FlowError("\(method) \(path): no HTTP response"))
            }
            done.signal()
        }.resume()
        done.wait()
        return try box.result!.get()
    }
}

/// Carries a reply out of URLSession's completion handler, which runs before `wait()` returns.
private final class ReplyBox: @unchecked Sendable {
    // @unchecked: written once on URLSession's queue before the semaphore is signalled, read after it.
    var result: Result<DaemonClient.Reply, any Error>?
}
