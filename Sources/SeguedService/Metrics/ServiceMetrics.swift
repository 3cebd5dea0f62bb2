import Prometheus

/// The Prometheus metrics `/metrics` exposes: requests and their latency by route and status,
/// live sessions, and operations by kind.
final class ServiceMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let sessionsLive: Gauge
    private static let latencyBuckets: [Duration] = [
        .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
        .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(100),
    ]

    init() {
        sessionsLive = registry.makeGauge(
            descriptor: .init(metricName: "sessions_live", unitName: "", helpText: "Sessions currently held by the server."))
    }

    func recordRequest(route: String, method: String, status: Int, duration: Duration) {
        let labels = [("route", route), ("method", method), ("status", String(status))]
        registry.makeCounter(
            descriptor: .init(metricName: "http_requests", unitName: "total", helpText: "HTTP requests by route, method and status."),
            labels: labels
        ).increment()
        registry.makeDurationHistogram(
            descriptor: .init(metricName: "http_request_duration", unitName: "seconds", helpText: "Time to answer a request."),
            labels: labels, buckets: Self.latencyBuckets
        ).record(duration)
    }

    /// Counts an operation (`performSegue`, `unwind`, `pop`, …) and whether it was performed.
    func recordOperation(_ kind: String, performed: Bool) {
        registry.makeCounter(
            descriptor: .init(metricName: "navigation_operations", unitName: "total", helpText: "Navigation operations by kind and outcome."),
            labels: [("kind", kind), ("performed", String(performed))]
        ).increment()
    }

    func setSessions(_ count: Int) { sessionsLive.set(Int64(count)) }

    var exposition: [UInt8] { registry.emitToBuffer() }
}
