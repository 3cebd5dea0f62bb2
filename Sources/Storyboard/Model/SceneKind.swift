/// What kind of controller a scene describes; it decides how the controller contains children.
public enum SceneKind: String, Sendable, CaseIterable {
    case viewController
    case navigationController
    case tabBarController
    case splitViewController
    case pageViewController
    case tableViewController
    case collectionViewController
    /// Interface Builder's other leaf controllers, kept so that imported storyboards keep their names.
    case hostingController
    case avPlayerViewController
    case glkViewController

    /// Whether scenes of this kind hold children through relationships (``Scene/relationshipChildren``).
    public var hasRelationships: Bool {
        self == .navigationController || self == .tabBarController || self == .splitViewController
    }

    /// The UIKit class an instance has when the scene names no custom class.
    public var defaultClassName: String {
        switch self {
        case .viewController: "UIViewController"
        case .navigationController: "UINavigationController"
        case .tabBarController: "UITabBarController"
        case .splitViewController: "UISplitViewController"
        case .pageViewController: "UIPageViewController"
        case .tableViewController: "UITableViewController"
        case .collectionViewController: "UICollectionViewController"
        case .hostingController: "UIHostingController"
        case .avPlayerViewController: "AVPlayerViewController"
        case .glkViewController: "GLKViewController"
        }
    }
}
