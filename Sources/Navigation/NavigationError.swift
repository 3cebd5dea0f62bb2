public import Storyboard

/// What UIKit would raise on, or what cannot be done in the current state. A command that throws
/// changes nothing.
public enum NavigationError: Error, Sendable, Equatable {
    /// "Receiver has no segue with identifier".
    case unknownSegue(SegueReference, scene: SceneID)
    case unknownInstance(ControllerID)
    case unknownScene(SceneReference)
    /// "Push segues can only be used when the source controller is managed by an instance of UINavigationController".
    case pushWithoutNavigationController(ControllerID)
    /// "Pushing a navigation controller is not supported": the scene to push, the stack it was for.
    case pushingNavigationController(SceneID, onto: ControllerID)
    /// Relationship and embed segues are performed by their container, never by identifier.
    case segueNotPerformable(SegueReference, kind: SegueKind)
    /// Presenting from (or triggering a control in) an instance whose view is not in the window.
    case notInWindowHierarchy(ControllerID)
    /// A forward segue named for an unwind (`performSegue` takes both kinds, spec §5.10 step 0).
    case wrongSegueKind(SegueReference, expected: String, found: SegueKind)
    /// A segue without an identifier, by its id, triggered as code would: only its control can
    /// perform it, `performSegue(withIdentifier:)` has nothing to name it by.
    case segueWithoutIdentifier(id: String, scene: SceneID)
    case notANavigationController(ControllerID)
    case notATabBarController(ControllerID)
    /// No navigation controller (or tab bar controller) above the visible instance to act on.
    case noContainer(String)
    case tabIndexOutOfRange(Int, count: Int)
    /// The instance is not in the navigation stack the command acts on.
    case notInStack(ControllerID, navigation: ControllerID)
    case emptyStack
    /// An instance named twice in `setViewControllers`, or one that lives elsewhere.
    case invalidStackEntry(ControllerID)
    case sessionEnded
    case invalidCodeSegueKind(SegueKind)
    /// The command would take one of the session's counters (`revision`, `nextEventSequence`,
    /// `createdCount`) past ``Navigator/counterMaximum``, beyond which its snapshot could not be
    /// read back.
    case counterLimitReached(String)
    /// A person's gesture is in progress (spec §5.12): only its own finish or cancel changes the
    /// hierarchy until then.
    case transitionInProgress(InteractiveTransition.Kind)
    /// A finish or cancel with no gesture of that kind begun.
    case noInteractiveTransition(InteractiveTransition.Kind)
    /// A gesture on a navigation controller that a presentation covers: no person can make it.
    case coveredByPresentation(ControllerID)
    /// A tap of a label no control of the scene has (or of an `occurrence` past the last): the
    /// labels of the scene's tappable controls.
    case unknownControl(String, occurrence: Int?, scene: SceneID, labels: [String])
    /// Several tappable controls of the scene have the label and no `occurrence` picks one: what
    /// each does, in the scene's reading order.
    case ambiguousControl(String, scene: SceneID, candidates: [String])
    /// The control triggers no segue and sends no action.
    case notTappable(String, scene: SceneID)
    /// The control's action takes one of several alternatives and the tap says none: their conditions.
    case choiceRequired(String, choices: [String])
    /// The tap's `when` is none of the action's alternatives.
    case unknownChoice(String, when: String, choices: [String])
    /// The alternative taken makes a call the sources did not let segued read: why.
    case actionUnread(String, reasons: [String])
}
