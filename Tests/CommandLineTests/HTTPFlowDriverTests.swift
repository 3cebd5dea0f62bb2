import Flows
import Foundation
import HTTPServer
import SeguedService
import Storyboard
import Testing

@testable import segued

/// `segued test --url`: every kind of step, sent to a daemon on an ephemeral port, gives the same
/// outcome (callback lines, scenes, performed, errors, exercised segue) as on the engine in process.
struct HTTPFlowDriverTests {
    static let everyKindOfStep = """
        flow: 1
        storyboard: demo
        > segue showItem data={"itemID": 7}
        > segue editItem
        > unwind segue=cancel
        > push About
        > popTo vc3
        > push ItemDetail data={"itemID": 8}
        > popToRoot
        > setViewControllers vc3,itemDetail,about
        > pop
        > back
        > present About style=formSheet
        > dismiss
        > codeSegue show scene=about identifier=code
        > back
        > segue showFilter
        > unwind action=applyFilter: data={"q": "a b"}
        > selectTab 1 user
        > selectTab 0
        > setTraits pad regular
        > segue nope
        > unwind action=nobodyHasThis:
        > end
        """

    @Test func everyKindOfStep_givesTheSameOutcomeOverHTTPAsInProcess() throws {
        let service = SeguedService(configuration: ServiceConfiguration())
        let server = Server(configuration: ServerConfiguration(port: 0), handler: service.handle)
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let flow = try FlowParser.parse(Self.everyKindOfStep, name: "every")
        let folder = URL(fileURLWithPath: "/")
        var engine = EngineDriver()
        var http = HTTPFlowDriver(
            client: try DaemonClient(base: "http://127.0.0.1:\(server.port)", token: nil), uploads: UploadCache(), folder: folder)
        let storyboard = DemoStoryboard.storyboard
        #expect(try engine.launch(flow, storyboard: storyboard) == (try http.launch(flow, storyboard: storyboard)))
        var refused = 0
        for step in flow.steps.dropFirst() {
            let local = try engine.perform(step.command)
            var remote = try http.perform(step.command)
            // Over HTTP an error's message is the problem's detail: compared by code only.
            if local.error != nil { refused += 1 }
            remote.errorMessage = local.errorMessage
            #expect(remote == local, "\(step.command)")
        }
        #expect(refused == 1)
        http.finish()
    }
}
