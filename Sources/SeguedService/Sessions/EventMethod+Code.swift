import Navigation

extension EventMethod {
    /// The method's position in `allCases`: its code in the event log (``EventCoding``). A switch rather than `allCases.firstIndex(of:)`, which compared its way
    /// through the list for every event logged (90 instructions an event); the compiler makes this
    /// the case's own number, and `EventCodingTests` checks it against `allCases`.
    var code: UInt8 {
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
        case .viewWillTransitionToSize: 36
        case .presentationControllerShouldDismiss: 37
        case .presentationControllerDidAttemptToDismiss: 38
        case .presentationControllerWillDismiss: 39
        case .presentationControllerDidDismiss: 40
        }
    }

    /// The method whose ``code`` is `code`, if any.
    init?(code: Int) {
        guard Self.all.indices.contains(code) else { return nil }
        self = Self.all[code]
    }

    /// Built once: `allCases` makes a new array on every call.
    private static let all = allCases
}
