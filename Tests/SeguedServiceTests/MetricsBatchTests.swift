import Foundation
import HTTPServer
@testable import SeguedService
import Storyboard
import Testing

/// The server threads hand their observations to the collectors in batches (`PendingObservations`);
/// a scrape must still count every request and operation recorded before it, from every thread,
/// whether its batch was full or not.
struct MetricsBatchTests {
    @Test func aScrapeCountsEveryObservation_handedOverOrNot() {
        let metrics = ServiceMetrics(version: "test")
        let batch = PendingObservations.batch
        // Four threads, each past two batches and into a third, so that some observations were
        // handed over when their batch filled and the rest only by the scrape.
        let perThread = 2 * batch + 7
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for index in 0..<perThread {
                metrics.recordRequest(route: .segues, method: "POST", status: index % 5 == 0 ? 409 : 200, duration: .microseconds(index))
                metrics.recordOperation("performSegue", performed: index % 5 != 0)
            }
        }
        let rejected = (0..<perThread).filter { $0 % 5 == 0 }.count * 4
        let accepted = perThread * 4 - rejected
        let text = String(decoding: metrics.exposition, as: UTF8.self)
        #expect(text.contains(#"segued_http_requests_total{route="/v1/sessions/{id}/segues",method="POST",status="200"} \#(accepted)"#))
        #expect(text.contains(#"segued_http_requests_total{route="/v1/sessions/{id}/segues",method="POST",status="409"} \#(rejected)"#))
        #expect(text.contains(#"segued_http_request_duration_seconds_count{route="/v1/sessions/{id}/segues",method="POST",status="200"} \#(accepted)"#))
        #expect(text.contains(#"segued_navigation_operations_total{kind="performSegue",performed="true"} \#(accepted)"#))
        #expect(text.contains(#"segued_navigation_operations_total{kind="performSegue",performed="false"} \#(rejected)"#))
        // A second scrape counts nothing twice.
        #expect(String(decoding: metrics.exposition, as: UTF8.self).contains(#"performed="true"} \#(accepted)"#))
    }

    @Test func aMethodIsLabelledByName_orOther() {
        for name in ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"] {
            #expect(MethodLabel(name).rawValue == name)
        }
        for name in ["get", "FOO", "", "other", "POSTS"] { #expect(MethodLabel(name) == .other, "\(name)") }
    }
}
