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
    func isStoryboardUpload(method: String, path: String) -> Bool {
        method == "POST" && route(path: path)?.endpoint == .storyboards
    }

    /// The 413 of a request whose body passed its limit, naming that limit.
    func bodyTooLarge(_ request: Request) -> Problem {
        isStoryboardUpload(method: request.method, path: request.path)
            ? .bodyTooLarge(limit: configuration.maxUploadSize, of: "Storyboard uploads")
            : .bodyTooLarge(limit: configuration.maxBodySize, of: "Request bodies other than storyboard uploads")
    }
}
