import Foundation
import HTTPServer
import Logging
import Storyboard

extension SeguedService {
    /// `POST /v1/storyboards`: a `segued.storyboard/1` JSON document. 201 when new, 200 when the
    /// same content was uploaded before (same id).
    func uploadStoryboard(_ request: Request) throws(Problem) -> Response {
        guard RequestBody.isJSON(request.header("content-type")) else {
            throw .unsupportedMediaType(request.header("content-type"), expected: ["application/json"])
        }
        let storyboard: Storyboard
        do {
            storyboard = try StoryboardJSONLoader.load(Data(request.body))
        } catch {
            throw error.problem
        }
        let (stored, created) = storyboards.add(storyboard)
        logger.info("storyboard \(stored.id) (\(stored.name)) \(created ? "uploaded" : "uploaded again")")
        var response = Self.json(created ? 201 : 200) { w in w.storyboardSummary(stored, sessions: nil) }
        response.setHeader("Location", "/v1/storyboards/\(stored.id)")
        return response
    }

    func listStoryboards() -> Response {
        Self.json(200) { w in
            w.object { w in
                w.key("storyboards")
                w.array { w in
                    for stored in storyboards.all {
                        w.storyboardSummary(stored, sessions: sessions.count(usingStoryboard: stored.id))
                    }
                }
            }
        }
    }

    func getStoryboard(_ reference: String) throws(Problem) -> Response {
        guard let stored = storyboards.find(reference) else { throw .unknownStoryboard(reference) }
        return Self.json(200) { w in
            w.object { w in
                w.key("id"); w.string(stored.id)
                w.key("name"); w.string(stored.name)
                w.key("entry"); w.string(stored.name)
                w.key("summary"); w.summary(stored.storyboard)
                w.key("warnings"); w.array { w in for warning in stored.warnings { w.string(warning) } }
                w.key("storyboard"); w.raw(stored.normalized)
            }
        }
    }

    func deleteStoryboard(_ reference: String) throws(Problem) -> Response {
        guard let stored = storyboards.find(reference) else { throw .unknownStoryboard(reference) }
        let users = sessions.count(usingStoryboard: stored.id)
        guard users == 0 else { throw .storyboardInUse(stored.id, sessions: users) }
        storyboards.remove(stored.id)
        logger.info("storyboard \(stored.id) deleted")
        return Response(status: 204)
    }
}

extension JSONWriter {
    /// `{id, name, entry, summary, warnings}` (api.md), with `sessions` in listings.
    mutating func storyboardSummary(_ stored: StoredStoryboard, sessions: Int?) {
        object { w in
            w.key("id"); w.string(stored.id)
            w.key("name"); w.string(stored.name)
            w.key("entry"); w.string(stored.name)
            w.key("summary"); w.summary(stored.storyboard)
            w.key("warnings"); w.array { w in for warning in stored.warnings { w.string(warning) } }
            if let sessions { w.key("sessions"); w.int(sessions) }
        }
    }
}
