import HTTPServer

extension SeguedService {
    /// Matches a path to its route (spec/api.md's resources).
    func route(_ request: Request) -> Route? {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        switch segments.count {
        case 1:
            switch segments[0] {
            case "healthz": return Route(template: "/healthz", handlers: ["GET": { self.health() }])
            case "readyz": return Route(template: "/readyz", handlers: ["GET": { self.readiness() }])
            case "metrics": return Route(template: "/metrics", handlers: ["GET": { self.metricsResponse() }])
            case "openapi.yaml": return Route(template: "/openapi.yaml", handlers: ["GET": { self.openAPIResponse() }])
            default: return nil
            }
        case 2 where segments[0] == "v1":
            switch segments[1] {
            case "storyboards":
                return Route(template: "/v1/storyboards", handlers: [
                    "GET": { self.listStoryboards() },
                    "POST": { () throws(Problem) in try self.uploadStoryboard(request) },
                ])
            case "sessions":
                return Route(template: "/v1/sessions", handlers: [
                    "GET": { self.listSessions() },
                    "POST": { () throws(Problem) in try self.createSession(request, id: nil) },
                ])
            default: return nil
            }
        case 3 where segments[0] == "v1" && segments[1] == "storyboards":
            let id = segments[2]
            return Route(template: "/v1/storyboards/{id}", handlers: [
                "GET": { () throws(Problem) in try self.getStoryboard(id) },
                "DELETE": { () throws(Problem) in try self.deleteStoryboard(id) },
            ])
        case 3 where segments[0] == "v1" && segments[1] == "sessions":
            let id = segments[2]
            return Route(template: "/v1/sessions/{id}", handlers: [
                "GET": { () throws(Problem) in try self.getSession(id) },
                "PUT": { () throws(Problem) in try self.createSession(request, id: id) },
                "DELETE": { () throws(Problem) in try self.deleteSession(id) },
            ])
        case 4 where segments[0] == "v1" && segments[1] == "sessions":
            return sessionSubroute(request, id: segments[2], name: segments[3])
        case 5 where segments[0] == "v1" && segments[1] == "sessions" && segments[3] == "events" && segments[4] == "stream":
            return Route(template: "/v1/sessions/{id}/events/stream", handlers: [
                "GET": { () throws(Problem) in
                    throw .notImplemented("The Server-Sent Events stream is not available yet; poll GET /v1/sessions/{id}/events?after=SEQ.")
                },
            ])
        default:
            return nil
        }
    }

    private func sessionSubroute(_ request: Request, id: String, name: String) -> Route? {
        let template = "/v1/sessions/{id}/\(name)"
        switch name {
        case "stack":
            return Route(template: template, handlers: ["GET": { () throws(Problem) in try self.getStack(id) }])
        case "segues":
            return Route(template: template, handlers: [
                "GET": { () throws(Problem) in try self.listTriggerable(id) },
                "POST": { () throws(Problem) in try self.operate(request, sessionID: id, kind: .segue) },
            ])
        case "unwind":
            return Route(template: template, handlers: ["POST": { () throws(Problem) in try self.operate(request, sessionID: id, kind: .unwind) }])
        case "actions":
            return Route(template: template, handlers: ["POST": { () throws(Problem) in try self.operate(request, sessionID: id, kind: .action) }])
        case "events":
            return Route(template: template, handlers: ["GET": { () throws(Problem) in try self.getEvents(id, request) }])
        default:
            return nil
        }
    }
}
