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

    /// The case's position in declaration order (`allCases`): an index for tables of per-method
    /// data. Hashing the method hashed its name, 370 instructions per lookup.
    public var position: Int {
        switch self {
        case .`init`: 0
        case .awakeFromNib: 1
        case .loadView: 2
        case .viewDidLoad: 3
        case .`deinit`: 4
        case .viewWillAppear: 5
        case .viewIsAppearing: 6
        case .viewDidAppear: 7
        case .viewWillDisappear: 8
        case .viewDidDisappear: 9
        case .willMoveToParent: 10
        case .didMoveToParent: 11
        case .shouldPerformSegue: 12
        case .prepareForSegue: 13
        case .performSegue: 14
        case .canPerformUnwindSegueAction: 15
        case .allowedChildrenForUnwinding: 16
        case .viewControllerForUnwindSegueAction: 17
        case .unwindAction: 18
        case .unwindForSegue: 19
        case .segueForUnwinding: 20
        case .present: 21
        case .dismiss: 22
        case .adaptivePresentationStyle: 23
        case .pushViewController: 24
        case .popToViewController: 25
        case .setViewControllers: 26
        case .showDetailViewController: 27
        case .navigationControllerWillShow: 28
        case .navigationControllerDidShow: 29
        case .tabBarControllerShouldSelect: 30
        case .tabBarControllerDidSelect: 31
        case .collapseSecondary: 32
        case .separateSecondary: 33
        case .willTransitionToTraitCollection: 34
        case .traitCollectionDidChange: 35
        }
    }
}
