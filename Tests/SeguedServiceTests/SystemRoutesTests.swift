import Foundation
import HTTPServer
import SeguedService
import Storyboard
import Testing

struct SystemRoutesTests {
    let service = SeguedService()

    @Test func health_readiness_andShutdown() throws {
        #expect(try service.handle(.make("GET", "/healthz")).json == JSONValue.parse(#"{"status": "ok"}"#))
        #expect(service.handle(.make("GET", "/readyz")).status == 200)
        service.beginShutdown()
        try service.handle(.make("GET", "/readyz")).expectProblem(503, "shutting-down")
        #expect(service.handle(.make("GET", "/healthz")).status == 200)
    }

    @Test func openAPI_servesTheFileInTheRepository() throws {
        let response = service.handle(.make("GET", "/openapi.yaml"))
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/yaml")
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../openapi.yaml")
        #expect(response.body == Array(try Data(contentsOf: file)))
    }

    @Test func metrics_countRequestsByRouteAndStatus_andOperations() throws {
        let id = try service.demoSession()
        _ = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem"}"#))
        _ = service.handle(.make("GET", "/nowhere"))
        let text = service.handle(.make("GET", "/metrics")).text
        #expect(text.contains(#"segued_http_requests_total{route="/v1/sessions/{id}/segues",method="POST",status="200"} 1"#))
        #expect(text.contains(#"segued_http_requests_total{route="unmatched",method="GET",status="404"} 1"#))
        #expect(text.contains(#"segued_navigation_operations_total{kind="performSegue",performed="true"} 1"#))
        #expect(text.contains("\nsegued_sessions_live 1.0\n"))
        #expect(text.contains("\nsegued_http_request_duration_seconds_bucket{"))
    }

    /// Prometheus's conventions (https://prometheus.io/docs/practices/naming/): the `segued_`
    /// namespace on every service metric, the build's version as a label, the standard process
    /// metrics read from /proc, and the reaper's runs and the sessions it ended.
    @Test func metrics_followPrometheusConventions() throws {
        _ = try service.demoSession()
        service.expireIdleSessions()
        let text = service.handle(.make("GET", "/metrics")).text
        #expect(text.contains(#"\#nsegued_build_info{version="\#(SeguedService.version)",libmicrohttpd="\#(HTTPLibrary.version)"} 1.0\#n"#))
        #expect(text.contains("\nsegued_storyboards_live 1.0\n"))
        #expect(text.contains("\nsegued_event_streams_live 0.0\n"))
        #expect(text.contains("\nsegued_reaper_runs_total 1\n"))
        #expect(text.contains("\nsegued_sessions_expired_total 0\n"))
        let samples = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(samples.allSatisfy { $0.hasPrefix("segued_") || $0.hasPrefix("process_") })
        #if os(Linux)
        let value = { (name: String) in samples.first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ")[1]) } }
        #expect(try #require(value("process_resident_memory_bytes")) > 1_000_000)
        let openFDs = try #require(value("process_open_fds"))
        #expect(openFDs >= 3)
        #expect(try #require(value("process_threads")) >= 1)
        #expect(try #require(value("process_max_fds")) >= openFDs)
        #expect(try #require(value("process_start_time_seconds")) > 1_600_000_000)
        #expect(text.contains("# TYPE process_cpu_seconds_total counter\n"))
        #endif
    }

    @Test func metrics_labelInventedMethodsOther_soClientsCannotMintSeries() throws {
        _ = service.handle(.make("BREW", "/v1/sessions"))
        _ = service.handle(.make("BREW2", "/v1/sessions"))
        _ = service.handle(.make("PATCH", "/v1/sessions"))
        let text = service.handle(.make("GET", "/metrics")).text
        #expect(text.contains(#"segued_http_requests_total{route="/v1/sessions",method="other",status="405"} 2"#))
        #expect(text.contains(#"segued_http_requests_total{route="/v1/sessions",method="PATCH",status="405"} 1"#))
        #expect(!text.contains("BREW"))
    }

    @Test func routingErrors_areProblems() throws {
        try service.handle(.make("GET", "/v2/things")).expectProblem(404, "not-found")
        let wrongMethod = service.handle(.make("PATCH", "/v1/sessions"))
        try wrongMethod.expectProblem(405, "method-not-allowed")
        #expect(wrongMethod.header("Allow") == "GET, HEAD, OPTIONS, POST")
        let options = service.handle(.make("OPTIONS", "/v1/sessions/x/unwind"))
        #expect(options.status == 204)
        #expect(options.header("Allow") == "OPTIONS, POST")
        try service.handle(.make("GET", "/v1/sessions/x/events/stream")).expectProblem(404, "unknown-session")
        try service.handle(.make("POST", "/v1/sessions/x/events/stream")).expectProblem(405, "method-not-allowed")
        var large = Request.make("POST", "/v1/storyboards", json: "{}")
        large.bodyExceededLimit = true
        try service.handle(large).expectProblem(413, "body-too-large")
    }

    @Test func events_pageWithAfterAndLimit_andSayWhenTheStartWasDropped() throws {
        let id = try service.demoSession()
        let page = try service.handle(.make("GET", "/v1/sessions/\(id)/events", query: [("after", "53"), ("limit", "2")])).json
        #expect(page["events"]?.arrayValue?.compactMap { $0["seq"]?.intValue } == [54, 55])
        #expect(page["next"]?.intValue == 55)
        #expect(page["more"] == .bool(false))
        #expect(page["gap"] == nil)
        try service.handle(.make("GET", "/v1/sessions/\(id)/events", query: [("limit", "0")])).expectProblem(400, "invalid-parameter")
        try service.handle(.make("GET", "/v1/sessions/\(id)/events", query: [("after", "x")])).expectProblem(400, "invalid-parameter")
        // The largest `after` there is (2^52, openapi.yaml's maximum): nothing after it. Int.max once
        // overflowed and took the daemon down; it is now out of bounds.
        let end = try service.handle(.make("GET", "/v1/sessions/\(id)/events", query: [("after", String(1 << 52))])).json
        #expect(end == (try JSONValue.parse(#"{"events": [], "next": \#(1 << 52), "lastSeq": 55, "more": false}"#)))
        try service.handle(.make("GET", "/v1/sessions/\(id)/events", query: [("after", String(Int.max))])).expectProblem(400, "invalid-parameter")

        let small = SeguedService(configuration: ServiceConfiguration(eventLogCapacity: 10))
        let smallID = try small.demoSession()
        let trimmed = try small.handle(.make("GET", "/v1/sessions/\(smallID)/events")).json
        #expect(trimmed["events"]?.arrayValue?.compactMap { $0["seq"]?.intValue } == Array(46...55))
        #expect(trimmed["gap"] == (try JSONValue.parse(#"{"firstAvailable": 46, "dropped": 45}"#)))
    }

    /// `eventLogBytes` bounds the log by size: after two segues whose sender is 100 KB (it appears in
    /// `shouldPerformSegue` and `prepareForSegue`) in a log allowed 100 KB, the first one's senders
    /// are gone, the second one's events are all there, and paging says how many went.
    @Test func eventLog_isBoundedInBytes() throws {
        let small = SeguedService(configuration: ServiceConfiguration(eventLogBytes: 100_000))
        let id = try small.demoSession()
        let sender = String(repeating: "s", count: 100_000)
        let segue = #"{"identifier": "addItem", "sender": "\#(sender)"}"#
        #expect(small.handle(.make("POST", "/v1/sessions/\(id)/segues", json: segue)).status == 200)
        #expect(small.handle(.make("POST", "/v1/sessions/\(id)/unwind", json: #"{"action": "cancelEdit:"}"#)).status == 200)
        let second = try #require(try small.handle(.make("POST", "/v1/sessions/\(id)/segues", json: segue)).json["events"]?.arrayValue)
        let log = try small.handle(.make("GET", "/v1/sessions/\(id)/events")).json
        let held = try #require(log["events"]?.arrayValue)
        #expect(held.filter { $0["args"]?["sender"]?.stringValue == sender }.count == 2)
        #expect(Array(held.suffix(second.count)) == second)
        let firstHeld = try #require(held.first?["seq"]?.intValue)
        #expect(firstHeld > 52)
        #expect(log["gap"] == (try JSONValue.parse(#"{"firstAvailable": \#(firstHeld), "dropped": \#(firstHeld - 1)}"#)))
    }
}
