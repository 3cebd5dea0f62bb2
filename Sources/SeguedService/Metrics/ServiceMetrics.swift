import Prometheus
import Synchronization

/// The Prometheus metrics `/metrics` exposes: requests and their latency by route and status,
/// live sessions, and operations by kind.
final class ServiceMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let sessionsLive: Gauge
    private static let latencyBuckets: [Duration] = [
        .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
        .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(100),
    ]

    /// The collectors of each (route, method, status), made once: asking the registry on every
    /// request (descriptor strings, label lookups under its lock) cost 30% of `GET /healthz`'s rate.
    private struct RequestKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }
    private let requestCollectors = Mutex<[RequestKey: (counter: Counter, latency: DurationHistogram)]>([:])
    /// The operation counters, made once for the same reason.
    private struct OperationKey: Hashable {
        var kind: String
        var performed: Bool
    }
    private let operationCounters = Mutex<[OperationKey: Counter]>([:])

    init() {
        sessionsLive = registry.makeGauge(
            descriptor: .init(metricName: "sessions_live", unitName: "", helpText: "Sessions currently held by the server."))
    }

    func recordRequest(route: String, method: String, status: Int, duration: Duration) {
        let key = RequestKey(route: route, method: method, status: status)
        let collectors = requestCollectors.withLock { collectors in
            if let existing = collectors[key] { return existing }
            let labels = [("route", route), ("method", method), ("status", String(status))]
            let made = (
                counter: registry.makeCounter(
                    descriptor: .init(metricName: "http_requests", unitName: "total", helpText: "HTTP requests by route, method and status."),
                    labels: labels),
                latency: registry.makeDurationHistogram(
                    descriptor: .init(metricName: "http_request_duration", unitName: "seconds", helpText: "Time to answer a request."),
                    labels: labels, buckets: Self.latencyBuckets))
            collectors[key] = made
            return made
        }
        collectors.counter.increment()
        collectors.latency.record(duration)
    }

    /// Counts an operation (`performSegue`, `unwind`, `pop`, …) and whether it was performed.
    func recordOperation(_ kind: String, performed: Bool) {
        let counter = operationCounters.withLock { counters in
            let key = OperationKey(kind: kind, performed: performed)
            if let existing = counters[key] { return existing }
            let made = registry.makeCounter(
                descriptor: .init(metricName: "navigation_operations", unitName: "total", helpText: "Navigation operations by kind and outcome."),
                labels: [("kind", kind), ("performed", String(performed))])
            counters[key] = made
            return made
        }
        counter.increment()
    }

    func setSessions(_ count: Int) { sessionsLive.set(Int64(count)) }

    var exposition: [UInt8] { registry.emitToBuffer() }
}
