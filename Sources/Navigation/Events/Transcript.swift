import Storyboard

/// What one operation did: whether it was performed, why not, and every callback in order.
public struct Transcript: Sendable, Equatable {
    /// Why an operation that UIKit would end silently was not performed (spec §6).
    public enum Reason: String, Sendable {
        /// `shouldPerformSegue` answered false.
        case shouldPerformSegueReturnedFalse
        /// No instance answered an unwind's search.
        case noUnwindDestination
        /// `tabBarController(_:shouldSelect:)` answered false.
        case tabSelectionVetoed
        /// The request asked for what is already the case (the selected tab, the traits in force, a
        /// stack already at the instance popped to).
        case nothingToChange
        /// `popViewController(animated:)` on a stack of one: UIKit returns nil and does nothing.
        case nothingToPop
        /// `dismiss(animated:)` on an instance that presents nothing (nor do its ancestors) and is
        /// not presented: UIKit does nothing.
        case nothingToDismiss
        /// `present(_:animated:)` from an instance whose view is not in the window hierarchy: UIKit
        /// logs "Attempt to present … whose view is not in the window hierarchy" and presents nothing.
        case notInWindowHierarchy
        /// A pull or a tap outside on a presentation that is `isModalInPresentation`: the delegate
        /// hears `presentationControllerDidAttemptToDismiss` and nothing moves.
        case modalInPresentation
        /// `presentationControllerShouldDismiss` answered false.
        case dismissalRefused
        /// The topmost presentation cannot be pulled down (not a sheet, or before iOS 13) or is not a
        /// popover that a tap outside dismisses.
        case notInteractivelyDismissible
        /// A tapped control's action method makes no navigation call: it runs the app's code only.
        case runsAppCodeOnly
    }

    /// What a tap tapped (``Command/TapRequest``): the control, and the action method that ran.
    public struct Tap: Sendable, Equatable {
        /// The control's label as the scene's UI has it.
        public var control: String
        /// The action method's selector, for a control that sends one (nil for a segue's control).
        public var selector: String?
        /// `path:line` of the method in the app's sources.
        public var source: String?
        /// The alternative taken.
        public var when: String?

        public init(control: String, selector: String? = nil, source: String? = nil, when: String? = nil) {
            self.control = control
            self.selector = selector
            self.source = source
            self.when = when
        }
    }

    public var performed: Bool
    public var reason: Reason?
    /// Why the search found nothing, in words, when `reason` is `noUnwindDestination`.
    public var reasonDetail: String?
    public var segue: SegueDescription?
    /// An unwind's destination.
    public var destination: ControllerID?
    public var events: [LifecycleEvent]
    public var search: [SearchStep]
    /// For a tap, what was tapped.
    public var tap: Tap?

    public init(
        performed: Bool, reason: Reason? = nil, reasonDetail: String? = nil, segue: SegueDescription? = nil,
        destination: ControllerID? = nil, events: [LifecycleEvent] = [], search: [SearchStep] = []
    ) {
        self.performed = performed
        self.reason = reason
        self.reasonDetail = reasonDetail
        self.segue = segue
        self.destination = destination
        self.events = events
        self.search = search
    }
}
