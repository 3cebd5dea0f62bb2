import Foundation
import HTTPServer
import Logging
import SourceScanning
import Storyboard
import Store

extension SeguedService {
    /// `POST /v1/storyboards`: a `segued.storyboard/1` JSON document, one Interface Builder
    /// `.storyboard` (`application/xml`, named by `?name=`, default `Main`), or a JSON bundle
    /// `{name, entry, storyboards: {Name: xml}, sources: {path: text}, classes: {…}}`.
    /// 201 when new, 200 when the same content was uploaded before (same id).
    func uploadStoryboard(_ request: Request) throws(Problem) -> Response {
        let contentType = request.header("content-type")
        let isXML = RequestBody.isXML(contentType)
        guard isXML || RequestBody.isJSON(contentType) else {
            throw .unsupportedMediaType(contentType, expected: ["application/json", "application/xml"])
        }
        let imported: ImportedStoryboard
        do throws(StoryboardError) {
            imported = isXML
                ? try InterfaceBuilderImporter.load(Data(request.body), name: request.queryValue("name") ?? "Main")
                : try StoryboardDocument.loadJSON(request.body, swift: SwiftSyntaxSourceReader())
        } catch {
            throw error.problem
        }
        let (stored, created) = try storyboards.upload(imported.storyboard, warnings: imported.warnings)
        // Stored again when it was there already: an upload answered 200 is as stored as a 201.
        let staged = persistence?.store.commit([.storyboard(Persistence.record(stored))])
        logger.info("storyboard \(stored.id) (\(stored.name.loggable)) \(created ? "uploaded" : "uploaded again"), \(stored.warnings.count) warnings")
        var response = Self.json(created ? 201 : 200) { w in w.storyboardSummary(stored, sessions: nil) }
        response.setHeader("Location", "/v1/storyboards/\(stored.id)")
        guard let staged, let persistence else { return response }
        return persistence.acknowledging(response, after: staged)
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
        let stored = try storyboards.find(reference)
        return Self.json(200) { w in
            w.object { w in
                w.key("id"); w.string(stored.id)
                w.key("name"); w.string(stored.name)
                w.key("entry"); w.string(stored.storyboard.entry)
                w.key("summary"); w.summary(stored.storyboard)
                w.key("warnings"); w.array { w in for warning in stored.warnings { w.string(warning) } }
                w.key("storyboard"); w.raw(stored.normalized)
            }
        }
    }

    func deleteStoryboard(_ reference: String) throws(Problem) -> Response {
        let stored = try storyboards.find(reference)
        var staged: CommitTicket?
        let users = sessions.removeStoryboardIfUnused(stored.id) {
            storyboards.remove(stored.id)
            // Queued where the delete is decided, so that a session started on it after (which
            // cannot be) or an upload of it again is queued after the delete.
            staged = persistence?.store.commit([.deleteStoryboard(id: stored.id)])
        }
        guard users == 0 else { throw .storyboardInUse(stored.id, sessions: users) }
        logger.info("storyboard \(stored.id) deleted")
        guard let staged, let persistence else { return Response(status: 204) }
        return persistence.acknowledging(Response(status: 204), after: staged)
    }
}

extension JSONWriter {
    /// `{id, name, entry, summary, warnings}` (api.md), with `sessions` in listings.
    mutating func storyboardSummary(_ stored: StoredStoryboard, sessions: Int?) {
        object { w in
            w.key("id"); w.string(stored.id)
            w.key("name"); w.string(stored.name)
            w.key("entry"); w.string(stored.storyboard.entry)
            w.key("summary"); w.summary(stored.storyboard)
            w.key("warnings"); w.array { w in for warning in stored.warnings { w.string(warning) } }
            if let sessions { w.key("sessions"); w.int(sessions) }
        }
    }
}
