import Foundation
import OpenAPIRuntime
import OpenAPIURLSession
import SeguedClient

/// The README's demo walkthrough through the generated client: a session on the demo storyboard,
/// Show Item with data, Edit Item, the save unwind, then the session ended. Each answer is checked
/// against what the README prints; exit 1 on the first difference. CI runs it (.ci/check-clients).
///
/// Then taps on an app uploaded with its sources (Taps.swift).
///
/// Usage: segued-demo URL (the token, when the daemon asks for one, in SEGUED_TOKEN).
@main
struct Demo {
    struct Mismatch: Error, CustomStringConvertible {
        var description: String
    }

    static func expect<T: Equatable>(_ actual: T, _ expected: T, _ what: String) throws {
        guard actual == expected else { throw Mismatch(description: "\(what): expected \(expected), got \(actual)") }
        print("ok  \(what): \(actual)")
    }

    static func main() async {
        guard CommandLine.arguments.count == 2, let url = URL(string: CommandLine.arguments[1]) else {
            print("usage: segued-demo URL")
            exit(2)
        }
        do {
            try await walk(url)
            print("the demo walkthrough passes through the generated Swift client")
            try await taps(url)
            print("taps on an app uploaded with its sources pass through the generated Swift client")
        } catch {
            print("FAIL \(error)")
            exit(1)
        }
    }

    static func walk(_ url: URL) async throws {
        let token = ProcessInfo.processInfo.environment["SEGUED_TOKEN"]
        let client = Client(
            serverURL: url, transport: URLSessionTransport(), middlewares: token.map { [BearerTokenMiddleware(token: $0)] } ?? [])
        let id = "swift-client-demo"

        let launched = try await client.putSession(path: .init(id: id), body: .json(.LaunchSession(.init(storyboard: "demo"))))
            .created.body.json
        try expect(launched.stack.path, ["vc1", "vc2", "vc3"], "launch: path")
        try expect(launched.events?.count, 55, "launch: events")

        let shown = try await client.performSegue(
            path: .init(id: id),
            body: .json(.StoryboardSegueRequest(.StoryboardSegueByIdentifier(.init(
                identifier: "showItem", data: try OpenAPIObjectContainer(unvalidatedValue: ["itemID": 42]))))))
            .ok.body.json
        try expect(shown.performed, true, "showItem: performed")
        try expect(shown.revision, 2, "showItem: revision")
        try expect(shown.events.map { "\($0.seq) \($0.vc) \($0.scene) \($0.method.rawValue)" }.first, "56 vc3 itemList shouldPerformSegue", "showItem: first event")
        try expect(shown.events.count, 17, "showItem: events")

        let edited = try await client.performSegue(
            path: .init(id: id), body: .json(.StoryboardSegueRequest(.StoryboardSegueByIdentifier(.init(identifier: "editItem")))))
            .ok.body.json
        try expect(edited.stack.visible, "vc12", "editItem: visible")
        try expect(edited.stack.path, ["vc1", "vc11", "vc12"], "editItem: path")

        let saved = try await client.unwind(
            path: .init(id: id),
            body: .json(.UnwindByAction(.init(action: "saveEdit:", data: try OpenAPIObjectContainer(unvalidatedValue: ["title": "Milk"])))))
            .ok.body.json
        try expect(saved.performed, true, "saveEdit: performed")
        try expect(saved.destination, "vc10", "saveEdit: destination")
        try expect(saved.stack.path, ["vc1", "vc2", "vc10"], "saveEdit: path")

        _ = try await client.endSession(path: .init(id: id))
    }
}
