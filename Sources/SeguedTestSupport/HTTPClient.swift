public import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A blocking HTTP client over URLSession, for tests that drive a real server from many threads.
public struct HTTPClient: Sendable {
    public struct Reply: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        public var text: String { String(decoding: body, as: UTF8.self) }
        public func header(_ name: String) -> String? { headers.first { $0.key.lowercased() == name.lowercased() }?.value }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public let base: String
    private let session: URLSession

    public init(port: Int, timeout: TimeInterval = 10) {
        base = "http://127.0.0.1:\(port)"
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = 64
        session = URLSession(configuration: configuration)
    }

    public func send(_ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]) throws -> Reply {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if body != nil, headers["Content-Type"] == nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: request) { data, response, error in
            if let error {
                box.result = .failure(Failure(description: "\(error)"))
            } else if let http = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for (key, value) in http.allHeaderFields { headers["\(key)"] = "\(value)" }
                box.result = .success(Reply(status: http.statusCode, headers: headers, body: data ?? Data()))
            } else {
                box.result = .failure(Failure(description: "no HTTP response"))
            }
            done.signal()
        }.resume()
        done.wait()
        return try box.result!.get()
    }

    public func json(_ method: String, _ path: String, _ json: String? = nil, headers: [String: String] = [:]) throws -> Reply {
        try send(method, path, body: json.map { Data($0.utf8) }, headers: headers)
    }
}

/// Carries a result out of URLSession's completion handler, which runs before `wait()` returns.
private final class ResultBox: @unchecked Sendable {
    // @unchecked: written once on URLSession's queue before the semaphore is signalled, read after it.
    var result: Result<HTTPClient.Reply, any Error>?
}
