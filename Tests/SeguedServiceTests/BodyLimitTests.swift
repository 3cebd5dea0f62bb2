import HTTPServer
import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

/// Storyboard uploads have their own body limit (`--max-upload-size`, 16 MiB), every other request
/// keeps `--max-body-size` (1 MiB); a 413 names the limit that applied. The service holds a body it
/// is handed whole to the same limit the server enforces while the body arrives.
struct BodyLimitTests {
    static let oneMiB = 1 << 20

    /// A bundle of three storyboards, over 1 MiB of JSON: the size of a real app's.
    static let largeBundle = GeneratedApp.atLeast(oneMiB + oneMiB / 2, name: "Large", storyboards: 3, scenes: 12).bundleJSON

    private func post(_ service: SeguedService, _ path: String, _ body: String) -> Response {
        service.handle(.make("POST", path, json: body))
    }

    @Test func theLimit_isDecidedFromMethodAndPathAlone() {
        let service = SeguedService()
        #expect(service.bodyLimit(method: "POST", path: "/v1/storyboards") == 16 << 20)
        // As the router reads paths: empty segments do not count.
        #expect(service.bodyLimit(method: "POST", path: "//v1//storyboards/") == 16 << 20)
        for (method, path) in [("GET", "/v1/storyboards"), ("PUT", "/v1/storyboards"), ("POST", "/v1/storyboards/sb-1"),
                               ("POST", "/v1/sessions"), ("PUT", "/v1/sessions/a"), ("POST", "/v1/sessions/a/segues"),
                               ("POST", "/v1/storyboardsx"), ("POST", "/nowhere")] {
            #expect(service.bodyLimit(method: method, path: path) == Self.oneMiB, "\(method) \(path)")
        }
        let configured = SeguedService(configuration: ServiceConfiguration(maxBodySize: 100, maxUploadSize: 5000))
        #expect(configured.bodyLimit(method: "POST", path: "/v1/storyboards") == 5000)
        #expect(configured.bodyLimit(method: "POST", path: "/v1/sessions") == 100)
    }

    @Test func aBundleOverOneMiB_uploads_andRunsAsAnApp() throws {
        let service = SeguedService()
        let bundle = Self.largeBundle
        #expect(bundle.utf8.count > Self.oneMiB + Self.oneMiB / 2)
        let response = post(service, "/v1/storyboards", bundle)
        #expect(response.status == 201, "\(response.text.prefix(500))")
        let uploaded = try response.json
        #expect(uploaded["name"]?.stringValue == "Large")
        #expect(uploaded["entry"]?.stringValue == "Main")
        #expect(uploaded["warnings"] == .array([]))
        let scenesPerStoryboard = try #require(uploaded["summary"]?.objectValue).mapValues { $0["scenes"]?.intValue }
        // Main: its navigation controller and 12 screens.
        #expect(scenesPerStoryboard == ["Main": 13, "Flow1": 12, "Flow2": 12])

        let session = post(service, "/v1/sessions", #"{"storyboard": "Large"}"#)
        #expect(session.status == 201, "\(session.text)")
        #expect(try session.json["stack"]?["path"] == .array([.string("vc1"), .string("vc2")]))
    }

    @Test func theSameSize_toAnyOtherRoute_is413NamingItsLimit() throws {
        let service = SeguedService()
        let id = try service.demoSession()
        let bundle = Self.largeBundle
        for path in ["/v1/sessions", "/v1/sessions/\(id)/segues", "/v1/sessions/\(id)/unwind", "/v1/sessions/\(id)/actions"] {
            let response = post(service, path, bundle)
            try response.expectProblem(413, "body-too-large")
            #expect(try response.json["limit"]?.intValue == Self.oneMiB)
            #expect(try response.json["detail"]?.stringValue == "Request bodies other than storyboard uploads are limited to 1048576 bytes.")
        }
        let put = service.handle(.make("PUT", "/v1/sessions/other", json: bundle))
        try put.expectProblem(413, "body-too-large")
        // Nothing was created or changed.
        #expect(service.handle(.make("GET", "/v1/sessions/other")).status == 404)
        #expect(try service.handle(.make("GET", "/v1/sessions/\(id)")).json["revision"]?.intValue == 1)
    }

    @Test func overTheUploadLimit_is413NamingTheUploadLimit() throws {
        let service = SeguedService(configuration: ServiceConfiguration(maxUploadSize: Self.oneMiB + 1000))
        let response = post(service, "/v1/storyboards", Self.largeBundle)
        try response.expectProblem(413, "body-too-large")
        #expect(try response.json["limit"]?.intValue == Self.oneMiB + 1000)
        #expect(try response.json["detail"]?.stringValue == "Storyboard uploads are limited to 1049576 bytes.")
        #expect(try service.handle(.make("GET", "/v1/storyboards")).json["storyboards"]?.arrayValue?.count == 1)

        // A body the server dropped at its limit (it flags it and hands over nothing): the same problem.
        var dropped = Request.make("POST", "/v1/storyboards", json: "")
        dropped.bodyExceededLimit = true
        #expect(try service.handle(dropped).json["limit"]?.intValue == Self.oneMiB + 1000)
        var droppedElsewhere = Request.make("POST", "/v1/sessions", json: "")
        droppedElsewhere.bodyExceededLimit = true
        #expect(try service.handle(droppedElsewhere).json["limit"]?.intValue == Self.oneMiB)
    }
}
