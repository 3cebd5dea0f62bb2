import Foundation
@testable import SeguedService
import Storyboard
import Testing

/// The store bounds what clients upload by count and by total normalized size; the operator's
/// storyboards always load, and deleting one makes room.
struct StoryboardStoreTests {
    private func storyboard(_ name: String, scenes: Int = 1) throws -> Storyboard {
        let members = (0..<scenes).map { #""s\#($0)": {}"# }.joined(separator: ", ")
        return try StoryboardJSONLoader.load(Data(#"{"format": "segued.storyboard/1", "name": "\#(name)", "initialScene": "s0", "scenes": {\#(members)}}"#.utf8))
    }

    @Test func uploadsStopAtTheByteLimit_untilOneIsDeleted() throws {
        // Sizes first, in a store without limits.
        let measuring = StoryboardStore(limit: 100, byteLimit: .max, memory: MemoryBudget(limit: .max))
        let operatorSize = try measuring.upload(storyboard("Operator", scenes: 50), warnings: []).0.normalized.count
        let firstSize = try measuring.upload(storyboard("First", scenes: 20), warnings: []).0.normalized.count
        let secondSize = try measuring.upload(storyboard("Second", scenes: 20), warnings: []).0.normalized.count

        // Room for the operator's storyboard and the first upload, one byte short of the second.
        let store = StoryboardStore(limit: 100, byteLimit: operatorSize + firstSize + secondSize - 1, memory: MemoryBudget(limit: .max))
        _ = store.preload(try storyboard("Operator", scenes: 50))
        let (first, created) = try store.upload(storyboard("First", scenes: 20), warnings: [])
        #expect(created)
        let second = try storyboard("Second", scenes: 20)
        do throws(Problem) {
            _ = try store.upload(second, warnings: [])
            Issue.record("expected a refusal")
        } catch {
            let expected = Problem.storyboardsTooLarge(limit: operatorSize + firstSize + secondSize - 1, held: operatorSize + firstSize, size: secondSize)
            #expect(error.type == "urn:segued:problem:too-many-storyboards")
            #expect(error.status == 409)
            #expect(error.detail == expected.detail)
        }
        // The same content again is answered whatever the limit.
        #expect(try store.upload(storyboard("First", scenes: 20), warnings: []).created == false)
        store.remove(first.id)
        #expect(try store.upload(storyboard("Second", scenes: 20), warnings: []).created)
        // The operator's always load.
        _ = store.preload(try storyboard("More", scenes: 500))
        #expect(try store.find("More").name == "More")
    }
}
