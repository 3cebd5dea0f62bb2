import Foundation
import HTTPServer
import SeguedService
import Storyboard
import Testing

extension Request {
    /// A request as libmicrohttpd would hand it over; `json` is sent as `application/json`.
    static func make(
        _ method: String, _ path: String, json: String? = nil, headers: [String: String] = [:],
        query: [(name: String, value: String)] = []
    ) -> Request {
        var headers = headers
        if json != nil, headers["content-type"] == nil { headers["content-type"] = "application/json" }
        return Request(method: method, path: path, query: query, headers: headers, body: Array((json ?? "").utf8))
    }
}

extension Response {
    /// The body parsed as JSON (fails the test when it is not). A body written as it is read (a long
    /// event page) is read whole, once.
    var json: JSONValue {
        get throws { try JSONDecoder().decode(JSONValue.self, from: Data(readWholeBody() ?? [])) }
    }

    var text: String { String(decoding: readWholeBody() ?? [], as: UTF8.self) }

    /// Asserts an RFC 9457 problem with this status and `type`.
    func expectProblem(_ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(self.status == status, "\(text)", sourceLocation: sourceLocation)
        #expect(header("Content-Type") == "application/problem+json", sourceLocation: sourceLocation)
        let problem = try json
        #expect(problem["type"]?.stringValue == "urn:segued:problem:\(code)", "\(text)", sourceLocation: sourceLocation)
        #expect(problem["status"]?.intValue == status, sourceLocation: sourceLocation)
        #expect(problem["title"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
        #expect(problem["detail"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
    }
}

extension SeguedService {
    /// Creates a demo session and returns its id.
    func demoSession(_ extra: String = "") throws -> String {
        let response = handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "demo"\#(extra)}"#))
        #expect(response.status == 201, "\(response.text)")
        return try #require(response.json["id"]?.stringValue)
    }
}

extension JSONValue {
    /// `events[*].method` of a transcript or session response, as `vcN method` lines.
    var eventLines: [String] {
        (self["events"]?.arrayValue ?? []).map { event in
            "\(event["vc"]?.stringValue ?? "?") \(event["method"]?.stringValue ?? "?")"
        }
    }
}

extension JSONValue {
    static func parse(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }
}
