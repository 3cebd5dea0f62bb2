import Navigation
import Storyboard

/// A `segued.snapshot/1` document: a session's navigation state (``NavigationSnapshot``) with what
/// names the session's configuration. The storyboard is named by its content id, so that any daemon
/// holding the same storyboard restores it. The event log is not in it: a snapshot carries the
/// revision and the next event sequence number, and so stays bounded by the session's limits on
/// instances and data, whatever the history.
struct SnapshotDocument: Sendable, Equatable {
    static let format = "segued.snapshot/1"

    var storyboardID: String
    var initialScene: SceneID?
    var navigation: NavigationSnapshot
}

extension JSONWriter {
    /// The document ``SnapshotDocument`` describes, members in a fixed order.
    mutating func snapshot(_ document: SnapshotDocument) {
        let navigation = document.navigation
        object { w in
            w.key("format"); w.string(SnapshotDocument.format)
            w.key("storyboard"); w.string(document.storyboardID)
            w.key("profile"); w.string(navigation.profile.rawValue)
            w.key("traits")
            w.object { w in
                w.key("horizontalSizeClass"); w.string(navigation.traits.horizontalSizeClass.rawValue)
                w.key("idiom"); w.string(navigation.traits.idiom.rawValue)
            }
            w.key("initialScene"); w.string(document.initialScene?.rawValue)
            w.key("revision"); w.int(navigation.revision)
            w.key("nextEventSequence"); w.int(navigation.nextEventSequence)
            w.key("createdCount"); w.int(navigation.createdCount)
            w.key("windowRoot"); w.controller(navigation.windowRoot)
            w.key("presentations"); w.array { w in for id in navigation.presentations { w.controller(id) } }
            w.key("instances"); w.array { w in for instance in navigation.instances { w.snapshotInstance(instance) } }
            // Only mid-gesture (spec §5.12), so that every other snapshot reads as before.
            if let transition = navigation.transition {
                w.key("transition"); w.interactiveTransition(transition)
            }
        }
    }

    /// A gesture in progress: `{"kind", "container", "leaving", "arriving"}` (in snapshots and in
    /// the stack's `transition`).
    mutating func interactiveTransition(_ transition: InteractiveTransition) {
        object { w in
            w.key("kind"); w.string(transition.kind.rawValue)
            w.key("container"); w.controller(transition.container)
            w.key("leaving"); w.array { w in for id in transition.leaving { w.controller(id) } }
            w.key("arriving"); w.array { w in for id in transition.arriving { w.controller(id) } }
        }
    }

    private mutating func snapshotInstance(_ instance: NavigationSnapshot.Instance) {
        object { w in
            w.key("id"); w.controller(instance.id)
            w.key("scene"); w.string(instance.scene.rawValue)
            w.key("kind"); w.string(instance.kind.rawValue)
            w.key("parent"); w.controller(instance.parent)
            w.key("children"); w.array { w in for child in instance.children { w.controller(child) } }
            w.key("presented"); w.controller(instance.presented)
            w.key("presentation")
            if let presentation = instance.presentation {
                w.object { w in
                    w.key("presenting"); w.controller(presentation.presenting)
                    w.key("caller"); w.controller(presentation.caller)
                    w.key("requestedStyle"); w.string(presentation.requestedStyle.rawValue)
                    w.key("style"); w.string(presentation.style.rawValue)
                    w.key("adaptiveStyle"); w.string(presentation.adaptiveStyle?.rawValue)
                }
            } else {
                w.null()
            }
            w.key("appearance"); w.string(instance.appearance.rawValue)
            w.key("viewLoaded"); w.bool(instance.isViewLoaded)
            w.key("hasAppeared"); w.bool(instance.hasAppeared)
            w.key("selectedIndex"); w.int(instance.selectedIndex)
            w.key("split")
            if let split = instance.split {
                w.object { w in
                    w.key("primary"); w.controller(split.primary)
                    w.key("supplementary"); w.controller(split.supplementary)
                    w.key("secondary"); w.controller(split.secondary)
                    w.key("compact"); w.controller(split.compact)
                    w.key("collapsed"); w.bool(split.isCollapsed)
                }
            } else {
                w.null()
            }
            w.key("properties"); w.value(.object(instance.properties))
        }
    }
}
