@testable import Navigation
import Storyboard
import Testing

/// A session holds a `Controller` per live instance, and the instances' array keeps spare room:
/// the struct's size is most of an idle session's memory. 224 bytes before the rarely used fields
/// went into boxes, 120 before the scene's strings became one shared reference (docs/durability.md, "Memory").
struct ControllerLayoutTests {
    static let sheet = SceneIdentity(id: SceneID("sheet"), className: "UIViewController", kind: .viewController, index: SceneIndex(position: 0)!)

    @Test func aControllerTakes80Bytes() {
        #expect(MemoryLayout<Controller>.stride == 80)
    }

    /// A storyboard's `selectedIndex` for a scene without tabs is not bounded by any list, and a
    /// snapshot gives it back as it was: kept whole, never narrowed (which would trap).
    @Test func aSelectedIndexPast32Bits_isKeptWhole() {
        var controller = Controller(id: ControllerID(rawValue: 1), identity: Self.sheet, definesPresentationContext: nil)
        controller.selectedIndex = 1 << 40
        #expect(controller.selectedIndex == 1 << 40)
    }

    /// Copies share boxes; a change to one makes a new box, so the other keeps its value.
    @Test func aChangeToACopysBoxedFields_leavesTheOriginalAsItWas() {
        var original = Controller(id: ControllerID(rawValue: 1), identity: Self.sheet, definesPresentationContext: nil)
        original.presenting = ControllerID(rawValue: 7)
        original.presentationStyle = .pageSheet
        var copy = original
        copy.presentationStyle = .fullScreen
        copy.split = SplitColumns(primary: ControllerID(rawValue: 2), isCollapsed: false)
        #expect(original.presentationStyle == .pageSheet && original.split == nil && original.presenting == ControllerID(rawValue: 7))
        #expect(copy.presentationStyle == .fullScreen && copy.presenting == ControllerID(rawValue: 7))
        #expect(original != copy)
        copy.presentationStyle = .pageSheet
        copy.split = nil
        #expect(original == copy)
        // Every presentation field cleared: no box is left, as for an instance never presented.
        copy.presenting = nil
        copy.presentationStyle = nil
        #expect(copy.isPresentedRoot == false)
        #expect(copy == Controller(id: ControllerID(rawValue: 1), identity: Self.sheet, definesPresentationContext: nil))
        // Optional ids are stored without their optional's byte: set and cleared, they read back.
        copy.parent = ControllerID(rawValue: 0)
        copy.presented = ControllerID(rawValue: 3)
        #expect(copy.parent == ControllerID(rawValue: 0) && copy.presented == ControllerID(rawValue: 3))
        copy.parent = nil
        copy.presented = nil
        #expect(copy.parent == nil && copy.presented == nil)
    }
}
