import HTTPServer

extension SeguedService {
    /// A JSON response; `capacity` is the body size expected, so that large documents (transcripts
    /// are a few kilobytes) are not copied as the buffer grows.
    static func json(
        _ status: Int, capacity: Int = 512, headers: [(name: String, value: String)] = [], _ write: (inout JSONWriter) -> Void
    ) -> Response {
        var writer = JSONWriter(capacity: capacity)
        write(&writer)
        return Response(status: status, headers: [("Content-Type", "application/json")] + headers, body: writer.bytes)
    }

    /// The same with every field given, `Content-Type` among them: an operation's answer, whose
    /// fields `[Content-Type] + headers` made two arrays and a copy of one into the other (about
    /// 800 instructions a segue or unwind).
    static func json(
        _ status: Int, capacity: Int, fields: [(name: String, value: String)], _ write: (inout JSONWriter) -> Void
    ) -> Response {
        var writer = JSONWriter(capacity: capacity)
        write(&writer)
        return Response(status: status, headers: fields, body: writer.bytes)
    }

    func health() -> Response {
        Self.json(200) { w in w.object { w in w.key("status"); w.string("ok") } }
    }

    func readiness() -> Response {
        if isShuttingDown { return Problem.shuttingDown().response }
        if let persistence, !persistence.isLoaded { return Problem.loading().response }
        return Self.json(200) { w in
            w.object { w in
                w.key("status"); w.string("ready")
                w.key("sessions"); w.int(sessions.count)
                w.key("storyboards"); w.int(storyboards.all.count)
            }
        }
    }

    func metricsResponse() -> Response {
        metrics.setSessions(sessions.count)
        metrics.setStoryboards(storyboards.count)
        metrics.setEventStreams(openStreams)
        metrics.setMemory(accounted: memory.accounted, budget: memory.limit)
        metrics.setLogLinesDropped(configuration.logBuffer?.droppedLines ?? 0)
        return Response(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")], body: metrics.exposition)
    }

    func openAPIResponse() -> Response {
        Response(status: 200, headers: [("Content-Type", "application/yaml")], body: OpenAPIDocument.bytes)
    }
}
