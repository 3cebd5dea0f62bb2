// The kinds of callback (spec/navigation.md §2), for the transcript's filters.

export const KINDS = {
  creation: ['init', 'awakeFromNib', 'loadView', 'viewDidLoad', 'deinit'],
  appearance: ['viewWillAppear', 'viewIsAppearing', 'viewDidAppear', 'viewWillDisappear', 'viewDidDisappear'],
  containment: ['willMoveToParent', 'didMoveToParent'],
  segue: ['shouldPerformSegue', 'prepareForSegue', 'performSegue'],
  unwind: ['canPerformUnwindSegueAction', 'allowedChildrenForUnwinding', 'viewControllerForUnwindSegueAction',
    'unwindAction', 'unwindForSegue', 'segueForUnwinding'],
  presentation: ['present', 'dismiss', 'adaptivePresentationStyle', 'presentationControllerShouldDismiss',
    'presentationControllerDidAttemptToDismiss', 'presentationControllerWillDismiss', 'presentationControllerDidDismiss'],
  containers: ['pushViewController', 'popToViewController', 'setViewControllers', 'showDetailViewController',
    'navigationControllerWillShow', 'navigationControllerDidShow', 'tabBarControllerShouldSelect',
    'tabBarControllerDidSelect', 'collapseSecondary', 'separateSecondary', 'popViewController'],
  traits: ['willTransitionToTraitCollection', 'viewWillTransitionToSize', 'traitCollectionDidChange'],
};

const BY_METHOD = new Map(Object.entries(KINDS).flatMap(([kind, methods]) => methods.map(method => [method, kind])));

/** The kind of `method`; "other" for a method the table does not list. */
export function kindOf(method) {
  return BY_METHOD.get(method) ?? 'other';
}
