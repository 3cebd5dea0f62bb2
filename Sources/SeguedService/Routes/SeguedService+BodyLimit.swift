import HTTPServer

extension SeguedService {
    /// The body limit of a request: ``ServiceConfiguration/maxUploadSize`` for storyboard uploads
    /// (`POST /v1/storyboards`), ``ServiceConfiguration/maxBodySize`` for every other request.
    ///
    /// Decided from the method and path alone, because the HTTP server must know it before the body
    /// arrives (``ServerConfiguration/routeBodyLimit``): give it this function, so that the limit it
    /// enforces is the one ``handle(_:)`` checks and quotes in its 413.
    @Sendable
    public func bodyLimit(method: String, path: String) -> Int {
        isStoryboardUpload(method: method, path: path) ? configuration.maxUploadSize : configuration.maxBodySize
    }

    /// Paths are matched as the router matches them (`/v1//storyboards/` is the same resource).
    /// The router only runs for a path whose last segment is `storyboards`: every `POST` asks, and
    /// routing an action's path here, before the handler routes it again, cost 2,300 instructions.
    func isStoryboardUpload(method: String, path: String) -> Bool {
        method == "POST" && Self.lastSegmentIsStoryboards(path) && route(path: path)?.endpoint == .storyboards
    }

    /// Whether `path`, its trailing slashes dropped, ends in `storyboards`: true of every path the
    /// router takes for the storyboard collection (`/v1//storyboards/` too).
    static func lastSegmentIsStoryboards(_ path: String) -> Bool {
        var end = path.utf8.endIndex
        while end > path.utf8.startIndex, path.utf8[path.utf8.index(before: end)] == UInt8(ascii: "/") {
            end = path.utf8.index(before: end)
        }
        return path.utf8[..<end].reversed().starts(with: "storyboards".utf8.reversed())
    }

    /// The 413 of a request whose body passed its limit, naming that limit.
    func bodyTooLarge(_ request: Request) -> Problem {
        isStoryboardUpload(method: request.method, path: request.path)
            ? .bodyTooLarge(limit: configuration.maxUploadSize, of: "Storyboard uploads")
            : .bodyTooLarge(limit: configuration.maxBodySize, of: "Request bodies other than storyboard uploads")
    }
}
