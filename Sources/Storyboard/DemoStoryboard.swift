import Foundation

/// The storyboard `segued serve` runs when given none: a small but real app.
///
/// A tab bar with two navigation stacks (Items and Settings) and a Library split view. Items pushes
/// a detail; both list and detail present an edit form in its own navigation controller, which returns
/// through its Save and Cancel unwinds (the detail implements `saveEdit:` too, so Save from the detail
/// lands on the detail, the nearest implementer). The list shows a filter popover. On an iPad the
/// Library's split view shows both columns; on a phone it collapses.
public enum DemoStoryboard {
    /// The demo, loaded once. It is compiled in and loaded by the tests, so failing here is a build defect.
    public static let storyboard: Storyboard = {
        do {
            return try StoryboardJSONLoader.load(Data(json.utf8))
        } catch {
            preconditionFailure("the built-in demo storyboard does not load: \(error)")
        }
    }()

    public static let json = #"""
    {
      "format": "segued.storyboard/1",
      "name": "Demo",
      "initialScene": "tabs",
      "scenes": {
        "tabs": {"kind": "tabBarController", "tabs": ["itemsNav", "settingsNav", "library"]},
        "itemsNav": {"kind": "navigationController", "root": "itemList", "title": "Items"},
        "itemList": {
          "class": "ItemListViewController", "title": "Items", "storyboardIdentifier": "ItemList",
          "segues": [
            {"identifier": "showItem", "kind": "show", "destination": "itemDetail"},
            {"identifier": "addItem", "kind": "presentation", "destination": "editNav"},
            {"identifier": "showFilter", "kind": "popoverPresentation", "destination": "filter"}
          ]
        },
        "itemDetail": {
          "class": "ItemDetailViewController", "title": "Item", "storyboardIdentifier": "ItemDetail",
          "segues": [
            {"identifier": "editItem", "kind": "presentation", "destination": "editNav",
             "modalPresentationStyle": "fullScreen"}
          ]
        },
        "editNav": {"kind": "navigationController", "root": "editItem", "storyboardIdentifier": "EditForm"},
        "editItem": {
          "class": "EditItemViewController", "title": "Edit",
          "segues": [
            {"identifier": "save", "kind": "unwind", "action": "saveEdit:"},
            {"identifier": "cancel", "kind": "unwind", "action": "cancelEdit:"}
          ]
        },
        "filter": {
          "class": "FilterViewController", "title": "Filter",
          "segues": [{"identifier": "applyFilter", "kind": "unwind", "action": "applyFilter:"}]
        },
        "settingsNav": {"kind": "navigationController", "root": "settings", "title": "Settings"},
        "settings": {
          "class": "SettingsViewController", "title": "Settings",
          "segues": [{"identifier": "showAbout", "kind": "show", "destination": "about"}]
        },
        "about": {"class": "AboutViewController", "title": "About", "storyboardIdentifier": "About"},
        "library": {"kind": "splitViewController", "primary": "libraryNav", "secondary": "libraryWelcome",
                    "title": "Library"},
        "libraryNav": {"kind": "navigationController", "root": "libraryList"},
        "libraryList": {
          "class": "LibraryListViewController", "title": "Library",
          "segues": [{"identifier": "showBook", "kind": "showDetail", "destination": "book"}]
        },
        "libraryWelcome": {"class": "LibraryWelcomeViewController", "title": "Welcome"},
        "book": {"class": "BookViewController", "title": "Book"}
      },
      "classes": {
        "ItemListViewController": {"superclass": "UITableViewController",
                                   "unwindActions": ["saveEdit:", "cancelEdit:", "applyFilter:"]},
        "ItemDetailViewController": {"superclass": "UIViewController", "unwindActions": ["saveEdit:"]}
      }
    }
    """#
}
