import Flows
import Foundation
import Testing

/// `entry:` (issue 49): with `app:`, the storyboard the app starts in, over its Info.plist; it reads
/// and writes back, and means nothing without `app:`.
struct FlowEntryHeaderTests {
    @Test func entry_readsAndWritesBack_withApp() throws {
        let text = "flow: 1\napp: MyApp\nentry: Upload\nprofile: ios17\nlaunch\n"
        let flow = try FlowParser.parse(text, name: "f")
        #expect(flow.app == "MyApp" && flow.entry == "Upload" && flow.storyboard == nil)
        #expect(FlowWriter.text(flow) == text)
        #expect(FlowRunner.storyboardKey(for: flow, folder: URL(fileURLWithPath: "/flows")) == "/flows/MyApp entry Upload")
    }

    @Test func entry_withoutApp_isRefused() {
        let error = #expect(throws: FlowError.self) { try FlowParser.parse("flow: 1\nstoryboard: demo\nentry: Main\n", name: "f") }
        #expect(error?.description == "f.flow: entry: names the entry storyboard of app:, which is not given")
    }
}
