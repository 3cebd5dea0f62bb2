import Flows
import Foundation
import HTTPClient
import HTTPServer
import Storyboard

/// A blocking JSON client of a running daemon for `segued test --url`, with bearer auth when the
/// daemon needs a token. Safe to share between the runner's threads: each request is its own
/// connection (``BlockingHTTPClient``).
final class DaemonClient: Sendable {
    struct Reply {
        var status: Int
        var json: JSONValue
    }

    let http: BlockingHTTPClient
    let token: String?

    /// - Throws: `FlowError` when `base` is not `http://HOST:PORT` or `https://HOST:PORT`.
    init(base: String, token: String?, caFile: String? = nil) throws {
        guard let http = BlockingHTTPClient(url: base, caFile: caFile) else {
            throw FlowError("--url takes http://HOST:PORT or https://HOST:PORT, not \(base)")
        }
        self.http = http
        self.token = token
    }

    func send(_ method: String, _ path: String, json: JSONValue? = nil, body: Data? = nil, contentType: String? = nil) throws -> Reply {
        var headers: [(String, String)] = []
        var bytes: [UInt8]?
        if let json {
            bytes = Array(json.compactDescription.utf8)
            headers.append(("Content-Type", "application/json"))
        } else if let body {
            bytes = Array(body)
            headers.append(("Content-Type", contentType ?? "application/json"))
        }
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        let reply: BlockingHTTPClient.Reply
        do {
            reply = try http.send(method, path, body: bytes, headers: headers)
        } catch {
            throw FlowError("\(method) \(path): \(error)")
        }
        let json = reply.body.isEmpty
            ? JSONValue.null : ((try? JSONValue.parse(reply.body)) ?? .string(String(decoding: reply.body, as: UTF8.self)))
        return Reply(status: reply.status, json: json)
    }
}
