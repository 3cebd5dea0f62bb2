/// The UIKit callbacks and calls an operation reports; the raw value is the exact name of spec §2.
public enum EventMethod: String, Sendable, CaseIterable {
    // creation
    case `init`, awakeFromNib, loadView, viewDidLoad, `deinit`
    // appearance
    case viewWillAppear, viewIsAppearing, viewDidAppear, viewWillDisappear, viewDidDisappear
    // containment
    case willMoveToParent, didMoveToParent
    // segue
    case shouldPerformSegue, prepareForSegue, performSegue
    // unwind
    case canPerformUnwindSegueAction, allowedChildrenForUnwinding, viewControllerForUnwindSegueAction
    case unwindAction, unwindForSegue, segueForUnwinding
    // presentation
    case present, dismiss, adaptivePresentationStyle
    // containers
    case pushViewController, popToViewController, setViewControllers, showDetailViewController
    case navigationControllerWillShow, navigationControllerDidShow
    case tabBarControllerShouldSelect, tabBarControllerDidSelect
    case collapseSecondary, separateSecondary
    // traits
    case willTransitionToTraitCollection, traitCollectionDidChange
    // Added in 2026-11 after the others: a method's position is its code in stored event logs.
    case viewWillTransitionToSize
    // user dismissal (UIAdaptivePresentationControllerDelegate, reported on the presented instance)
    case presentationControllerShouldDismiss, presentationControllerDidAttemptToDismiss
    case presentationControllerWillDismiss, presentationControllerDidDismiss
}
