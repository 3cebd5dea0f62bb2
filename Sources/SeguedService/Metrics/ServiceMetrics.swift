import HTTPServer
import Prometheus
import Synchronization

/// The Prometheus metrics `/metrics` exposes, named by Prometheus's conventions
/// (https://prometheus.io/docs/practices/naming/): every service metric under the `segued_`
/// namespace, units in names (`_seconds`, `_total`), `segued_build_info` with the version as a
/// label, and the process's own under the standard `process_` names (``ProcessMetrics``).
final class ServiceMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private static let namespace = "segued"
    private let sessionsLive: Gauge
    private let storyboardsLive: Gauge
    private let eventStreamsLive: Gauge
    private let reaperRuns: Counter
    private let sessionsExpired: Counter
    private let memoryAccounted: Gauge
    private let memoryBudget: Gauge
    private let logLinesDropped: Counter
    /// The ``LogBuffer``'s count when `/metrics` last read it: the counter goes up by the difference.
    private let logLinesDroppedReported = Mutex(0)
    private static let latencyBuckets: [Duration] = [
        .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
        .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(100),
    ]

    /// The collectors of each (route, method, status), made once: asking the registry on every
    /// request (descriptor strings, label lookups under its lock) cost 30% of `GET /healthz`'s rate.
    /// Keyed by enums and an integer, which hash in a fraction of the template and method strings.
    struct RequestKey: Hashable, Sendable {
        /// `nil` for a path that matched no route.
        var route: Endpoint?
        var method: MethodLabel
        var status: Int
    }
    private let requestCollectors = Mutex<[RequestKey: (counter: Counter, latency: DurationHistogram)]>([:])
    /// The operation counters, made once for the same reason.
    struct OperationKey: Hashable, Sendable {
        var kind: String
        var performed: Bool
    }
    private let operationCounters = Mutex<[OperationKey: Counter]>([:])
    /// What the server threads observed and have not handed to the collectors yet.
    private let pending = PendingObservations()

    init(version: String) {
        // No unit is "" (the descriptor's required form; the optional one is deprecated).
        func name(_ metric: String, _ unit: String?, _ help: String) -> MetricNameDescriptor {
            MetricNameDescriptor(namespace: Self.namespace, metricName: metric, unitName: unit ?? "", helpText: help)
        }
        registry.makeGauge(
            descriptor: name("build", "info", "The running build: 1, labelled with its version and the libmicrohttpd it runs on."),
            labels: [("version", version), ("libmicrohttpd", HTTPLibrary.version)]
        ).set(Int64(1))
        sessionsLive = registry.makeGauge(descriptor: name("sessions_live", nil, "Sessions currently held by the server."))
        storyboardsLive = registry.makeGauge(descriptor: name("storyboards_live", nil, "Storyboards currently held (the demo's and the operator's included)."))
        eventStreamsLive = registry.makeGauge(descriptor: name("event_streams_live", nil, "Event streams currently open."))
        reaperRuns = registry.makeCounter(descriptor: name("reaper_runs", "total", "Passes of the idle-session reaper."))
        sessionsExpired = registry.makeCounter(descriptor: name("sessions_expired", "total", "Sessions ended by the reaper after their idle timeout."))
        memoryAccounted = registry.makeGauge(
            descriptor: name("memory_accounted", "bytes", "What sessions and storyboards hold, as the memory budget counts it (--max-memory)."))
        memoryBudget = registry.makeGauge(descriptor: name("memory_budget", "bytes", "The memory budget (--max-memory)."))
        logLinesDropped = registry.makeCounter(
            descriptor: name("log_lines_dropped", "total", "Log lines dropped because the log writer could not keep up (its buffer was full)."))
    }

    /// Counts a request to `route` (`nil`: no route matched) and records its latency: in the calling
    /// thread's batch (``PendingObservations``), handed to the collectors when it is full or
    /// `/metrics` is read.
    func recordRequest(route: Endpoint?, method: String, status: Int, duration: Duration) {
        pending.request(RequestKey(route: route, method: MethodLabel(method), status: status), duration: duration, handOver: handOver)
    }

    /// Counts an operation (`performSegue`, `unwind`, `pop`, …) and whether it was performed, in
    /// the calling thread's counts, handed over with its requests' batch or at a scrape.
    func recordOperation(_ kind: String, performed: Bool) {
        pending.operation(OperationKey(kind: kind, performed: performed))
    }

    /// Gives a batch to the collectors: each key's collectors are looked up once, its requests
    /// counted with one increment.
    private func handOver(_ held: PendingObservations.Held) {
        var counted: [(key: RequestKey, collectors: (counter: Counter, latency: DurationHistogram), count: Int)] = []
        for (key, duration) in held.requests {
            if let index = counted.firstIndex(where: { $0.key == key }) {
                counted[index].count += 1
                counted[index].collectors.latency.record(duration)
                continue
            }
            let collectors = requestCollectors(for: key)
            collectors.latency.record(duration)
            counted.append((key, collectors, 1))
        }
        for entry in counted { entry.collectors.counter.increment(by: Int64(entry.count)) }
        for (key, count) in held.operations { operationCounter(for: key).increment(by: Int64(count)) }
    }

    /// The collectors of one (route, method, status), made at its first request.
    private func requestCollectors(for key: RequestKey) -> (counter: Counter, latency: DurationHistogram) {
        requestCollectors.withLock { collectors in
            if let existing = collectors[key] { return existing }
            let labels = [("route", key.route?.template ?? "unmatched"), ("method", key.method.rawValue), ("status", String(key.status))]
            let made = (
                counter: registry.makeCounter(
                    descriptor: .init(namespace: Self.namespace, metricName: "http_requests", unitName: "total", helpText: "HTTP requests by route, method and status."),
                    labels: labels),
                latency: registry.makeDurationHistogram(
                    descriptor: .init(namespace: Self.namespace, metricName: "http_request_duration", unitName: "seconds", helpText: "Time to answer a request."),
                    labels: labels, buckets: Self.latencyBuckets))
            collectors[key] = made
            return made
        }
    }

    /// The counter of one operation kind and outcome, made at its first operation.
    private func operationCounter(for key: OperationKey) -> Counter {
        operationCounters.withLock { counters in
            if let existing = counters[key] { return existing }
            let made = registry.makeCounter(
                descriptor: .init(namespace: Self.namespace, metricName: "navigation_operations", unitName: "total", helpText: "Navigation operations by kind and outcome."),
                labels: [("kind", key.kind), ("performed", String(key.performed))])
            counters[key] = made
            return made
        }
    }

    /// One pass of the reaper and the sessions it ended.
    func recordReaperRun(expired: Int) {
        reaperRuns.increment()
        sessionsExpired.increment(by: Int64(expired))
    }

    func setSessions(_ count: Int) { sessionsLive.set(Int64(count)) }
    func setStoryboards(_ count: Int) { storyboardsLive.set(Int64(count)) }
    /// For the event stream's owner: the streams open now.
    func setEventStreams(_ count: Int) { eventStreamsLive.set(Int64(count)) }
    func setMemory(accounted: Int, budget: Int) {
        memoryAccounted.set(Int64(accounted))
        memoryBudget.set(Int64(clamping: budget))
    }

    /// The log buffer's dropped lines since the start (``LogBuffer/droppedLines``).
    func setLogLinesDropped(_ total: Int) {
        let added = logLinesDroppedReported.withLock { reported in
            defer { reported = max(reported, total) }
            return max(0, total - reported)
        }
        if added > 0 { logLinesDropped.increment(by: Int64(added)) }
    }

    /// The registry's text, then the process's metrics read now.
    var exposition: [UInt8] {
        pending.handOverAll(handOver)
        return registry.emitToBuffer() + ProcessMetrics.read().exposition
    }
}

/// The `method` label of `http_requests`: the methods of RFC 9110 and PATCH by name, any other
/// token `other`. Clients may send any token as a method; labelling each one as sent would let
/// them create series without bound.
enum MethodLabel: String, Hashable, Sendable {
    case GET, HEAD, POST, PUT, DELETE, CONNECT, OPTIONS, TRACE, PATCH, other

    /// By a switch over the common methods first: `init(rawValue:)` took 327 instructions for `POST`
    /// (callgrind), on every request.
    init(_ method: String) {
        switch method {
        case "GET": self = .GET
        case "POST": self = .POST
        case "PUT": self = .PUT
        case "DELETE": self = .DELETE
        default: self = MethodLabel(rawValue: method) ?? .other
        }
    }
}
