import HTTPServer
import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

/// Uploads and sessions of ``TapApp`` (SeguedTestSupport).
enum TapFixture {
    /// Uploads the app to `service`; its storyboard id.
    static func upload(to service: SeguedService) throws -> String {
        let bundle = TapApp.bundle
        let upload = service.handle(Request(
            method: "POST", path: "/v1/storyboards", headers: ["content-type": "application/json"], body: Array(bundle.compactDescription.utf8)))
        #expect(upload.status == 201, "\(upload.text)")
        return try #require(upload.json["id"]?.stringValue)
    }

    /// A session of the app on `service`; its id.
    static func session(on service: SeguedService, storyboard: String) throws -> String {
        let session = service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(storyboard)"}"#))
        #expect(session.status == 201, "\(session.text)")
        return try #require(session.json["id"]?.stringValue)
    }
}
