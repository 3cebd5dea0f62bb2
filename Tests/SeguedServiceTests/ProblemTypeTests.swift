import Foundation
import HTTPServer
import Navigation
import Storyboard
import Testing

@testable import SeguedService

/// One title (and one status) per problem `type`: a problem is made from a ``ProblemType``, so this
/// checks the catalogue itself, that openapi.yaml lists exactly the types sent, and that the
/// problems made elsewhere (the engine's, the storyboard loader's, HTTPServer's) keep to it.
struct ProblemTypeTests {
    /// Every type the service and HTTPServer can send, with its title: the catalogue, spelled out so
    /// that a changed title is a visible diff here.
    static let titles: [String: String] = [
        "not-found": "Not Found", "method-not-allowed": "Method Not Allowed", "unknown-session": "Unknown session",
        "unknown-storyboard": "Unknown storyboard", "ambiguous-storyboard": "Ambiguous storyboard",
        "malformed-json": "Malformed JSON", "invalid-request": "Invalid request", "invalid-parameter": "Invalid parameter",
        "unsupported-media-type": "Unsupported Media Type", "body-too-large": "Content Too Large",
        "revision-conflict": "Precondition Failed", "session-exists": "Session exists", "session-moving": "Session moving", "session-not-moving": "Session not moving", "storyboard-in-use": "Storyboard in use",
        "too-many-sessions": "Too many sessions", "memory-budget-exceeded": "Memory budget exceeded",
        "too-many-storyboards": "Too many storyboards", "too-many-instances": "Too many view controllers",
        "too-much-data": "Too much data", "too-many-streams": "Too many streams", "idempotency-key-reused": "Idempotency key reused",
        "invalid-idempotency-key": "Invalid Idempotency-Key", "not-implemented": "Not Implemented",
        "shutting-down": "Service Unavailable", "unauthorized": "Unauthorized", "host-not-allowed": "Misdirected Request",
        "invalid-snapshot": "Invalid snapshot", "invalid-storyboard": "Invalid storyboard", "refused-storyboard": "Storyboard refused",
        "unknown-segue": "Unknown segue", "unknown-instance": "Unknown instance", "unknown-scene": "Unknown scene",
        "push-without-navigation-controller": "Not possible in the current state",
        "pushing-navigation-controller": "Not possible in the current state",
        "segue-not-performable": "Not possible in the current state", "not-in-window-hierarchy": "Not possible in the current state",
        "wrong-segue-kind": "Not possible in the current state", "segue-without-identifier": "Segue without an identifier",
        "not-a-navigation-controller": "Not possible in the current state",
        "not-a-tab-bar-controller": "Not possible in the current state", "no-container": "Not possible in the current state",
        "tab-index-out-of-range": "Not possible in the current state", "not-in-stack": "Not possible in the current state",
        "empty-stack": "Empty navigation stack", "invalid-stack-entry": "Not possible in the current state",
        "session-ended": "Not possible in the current state", "flow-unavailable": "No flow for this session", "invalid-code-segue-kind": "Invalid kind for a segue made in code",
        "counter-limit-reached": "Counter limit reached",
        "transition-in-progress": "Interactive transition in progress",
        "no-interactive-transition": "No interactive transition",
        "covered-by-presentation": "Not possible in the current state",
        "unknown-control": "Unknown control", "ambiguous-control": "Ambiguous control", "not-tappable": "Control not tappable",
        "choice-required": "Choice required", "unknown-choice": "Unknown choice", "action-unread": "Action not read",
        "malformed-request": "Bad Request", "too-many-query-arguments": "URI Too Long",
        "unsupported-transfer-coding": "Not Implemented", "stopped-before-release": "Service Unavailable",
        "loading": "Service Unavailable", "insufficient-storage": "Insufficient Storage",
        "change-not-stored": "Change made, not stored", "session-not-restored": "Session not restored",
    ]

    @Test func everyType_hasItsOneTitle_andTheServiceAndHTTPServerShareNone() {
        var sent: [String: String] = [:]
        for type in ProblemType.allCases {
            let problem = Problem(type, detail: "d")
            #expect(problem.type == "urn:segued:problem:\(type.rawValue)")
            #expect(problem.title == type.title && problem.status == type.status)
            sent[type.rawValue] = type.title
        }
        for type in HTTPProblem.allCases {
            #expect(sent[type.rawValue] == nil, "\(type.rawValue) is both HTTPServer's and the service's")
            sent[type.rawValue] = type.title
        }
        #expect(sent == Self.titles)
    }

    /// openapi.yaml's `Problem.type` enum is exactly the types sent (and `about:blank`).
    @Test func openAPIDocument_listsEveryTypeSent() throws {
        let text = SeguedService().handle(.make("GET", "/openapi.yaml")).text
        let listed = Set(text.split(separator: "\n").compactMap { line -> String? in
            let item = line.trimmingCharacters(in: .whitespaces)
            guard item.hasPrefix("- \"urn:segued:problem:") || item == "- \"about:blank\"" else { return nil }
            return String(item.dropFirst(3).dropLast())
        })
        #expect(listed == Set(Self.titles.keys.map { "urn:segued:problem:\($0)" } + ["about:blank"]))
    }

    /// The engine's errors: one type per case (its `code`), with that type's title and status.
    @Test func navigationErrors_areTheirTypes() {
        let vc = ControllerID("vc1")!
        let errors: [NavigationError] = [
            .unknownSegue(.identifier(SegueID("s")), scene: SceneID("a")), .unknownInstance(vc), .unknownScene(.scene(SceneID("a"))),
            .pushWithoutNavigationController(vc), .pushingNavigationController(SceneID("a"), onto: vc),
            .segueNotPerformable(.identifier(SegueID("s")), kind: .embed), .notInWindowHierarchy(vc),
            .wrongSegueKind(.identifier(SegueID("s")), expected: "unwind", found: .show), .segueWithoutIdentifier(id: "x", scene: SceneID("a")),
            .notANavigationController(vc), .notATabBarController(vc), .noContainer("navigation controller"),
            .tabIndexOutOfRange(3, count: 2), .notInStack(vc, navigation: vc), .emptyStack, .invalidStackEntry(vc), .sessionEnded,
            .invalidCodeSegueKind(.embed), .counterLimitReached("revision"),
        ]
        for error in errors {
            let problem = error.problem
            #expect(problem.code == error.code)
            #expect(problem.title == Self.titles[error.code])
            #expect(problem.detail == error.description)
        }
        #expect(Set(errors.map(\.code)).count == errors.count)
    }

    /// A malformed storyboard (XML that does not parse) and an invalid one (JSON naming a scene it
    /// lacks) are both `invalid-storyboard`, with its one title (they had two before).
    @Test func storyboardErrors_keepToTheirTypesTitle() throws {
        let service = SeguedService()
        let malformed = service.handle(
            Request(method: "POST", path: "/v1/storyboards", query: [], headers: ["content-type": "application/xml"], body: Array("<document".utf8)))
        let invalid = service.handle(.make("POST", "/v1/storyboards", json: #"{"format": "segued.storyboard/1", "initialScene": "a", "scenes": {}}"#))
        for response in [malformed, invalid] {
            try response.expectProblem(422, "invalid-storyboard")
            #expect(try response.json["title"]?.stringValue == "Invalid storyboard")
        }
    }
}
