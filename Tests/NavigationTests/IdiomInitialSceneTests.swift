import Foundation
import Navigation
import Storyboard
import Testing

/// An app whose `Info.plist` names a storyboard per device family (`UIMainStoryboardFile~ipad`):
/// a session launched with the pad idiom starts at that storyboard's initial scene, a phone session
/// at the storyboard's own, and an explicit initial scene wins over both.
struct IdiomInitialSceneTests {
    static let storyboard = """
        {"format": "segued.storyboard/1", "name": "Universal", "initialScene": "phone", "idiomInitialScenes": {"pad": "pad"},
         "scenes": {"phone": {}, "pad": {}, "other": {}}}
        """

    @Test func aPadSession_startsAtThePadEntry() throws {
        let storyboard = try StoryboardJSONLoader.load(Data(Self.storyboard.utf8))
        func root(_ traits: Traits, _ initial: SceneID? = nil) throws -> SceneID? {
            let (state, transcript) = try Navigator.launch(storyboard, traits: traits, initialScene: initial)
            #expect(transcript.performed)
            return state.windowRoot.flatMap { state[$0]?.scene }
        }
        #expect(try root(.phone) == SceneID("phone"))
        #expect(try root(Traits(idiom: .pad)) == SceneID("pad"))
        #expect(try root(Traits(idiom: .pad), SceneID("other")) == SceneID("other"))
    }
}
