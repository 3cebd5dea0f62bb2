import Storyboard
import Testing

/// The scene table that instances and events index into must agree with `scenes`, also after a
/// storyboard is changed while it is being built.
struct SceneTableTests {
    private func scene(_ id: String, _ className: String) -> Scene { Scene(id: SceneID(id), customClass: className) }

    @Test func everySceneHasAnIndexThatReadsItBack() throws {
        let storyboard = Storyboard(name: "T", initialScene: SceneID("b"), scenes: [
            SceneID("b"): scene("b", "B"), SceneID("a"): scene("a", "A"), SceneID("c"): scene("c", "C"),
        ])
        #expect(storyboard.sceneTable.map(\.id) == [SceneID("a"), SceneID("b"), SceneID("c")])
        for (id, scene) in storyboard.scenes {
            let index = try #require(storyboard.index(of: id))
            #expect(storyboard[index] == scene)
        }
        #expect(storyboard.index(of: SceneID("missing")) == nil)
    }

    @Test func changingScenesRebuildsTheTable() {
        var storyboard = Storyboard(name: "T", initialScene: SceneID("b"), scenes: [SceneID("b"): scene("b", "B")])
        storyboard.scenes[SceneID("a")] = scene("a", "A")
        storyboard.scenes[SceneID("b")]?.customClass = "Renamed"
        #expect(storyboard[storyboard.index(of: SceneID("a"))!].className == "A")
        #expect(storyboard[storyboard.index(of: SceneID("b"))!].className == "Renamed")
        #expect(storyboard.sceneTable.count == 2)
    }
}
