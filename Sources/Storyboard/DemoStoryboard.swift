import Foundation

/// The storyboard `segued serve` runs when given none: a small but real app.
///
/// A tab bar with two navigation stacks (Items and Settings) and a Library split view. Items pushes
/// a detail; both list and detail present an edit form in its own navigation controller, which returns
/// through its Save and Cancel unwinds (the detail implements `saveEdit:` too, so Save from the detail
/// lands on the detail, the nearest implementer). The list shows a filter popover. On an iPad the
/// Library's split view shows both columns; on a phone it collapses. Each scene carries its UI (bar
/// buttons, cells, tab items) with the segue each triggers, so that the web app draws a real app;
/// the UI changes no transcript.
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
        "itemsNav": {"kind": "navigationController", "root": "itemList", "title": "Items",
                     "ui": {"tabBarItem": {"title": "Items", "badge": "3"}}},
        "itemList": {
          "class": "ItemListViewController", "title": "Items", "storyboardIdentifier": "ItemList",
          "segues": [
            {"identifier": "showItem", "kind": "show", "destination": "itemDetail"},
            {"identifier": "addItem", "kind": "presentation", "destination": "editNav"},
            {"identifier": "showFilter", "kind": "popoverPresentation", "destination": "filter"}
          ],
          "ui": {
            "navigationItem": {
              "title": "Items",
              "leftItems": [{"title": "Filter", "trigger": {"kind": "popoverPresentation", "identifier": "showFilter"}}],
              "rightItems": [{"systemItem": "add", "trigger": {"kind": "presentation", "identifier": "addItem"}}]
            },
            "controls": [
              {"type": "tableViewCell", "text": "Notebook", "reuseIdentifier": "ItemCell",
               "trigger": {"kind": "show", "identifier": "showItem"}},
              {"type": "tableViewCell", "text": "Fountain pen", "reuseIdentifier": "ItemCell",
               "trigger": {"kind": "show", "identifier": "showItem"}},
              {"type": "tableViewCell", "text": "Desk lamp", "reuseIdentifier": "ItemCell",
               "trigger": {"kind": "show", "identifier": "showItem"}}
            ]
          }
        },
        "itemDetail": {
          "class": "ItemDetailViewController", "title": "Item", "storyboardIdentifier": "ItemDetail",
          "segues": [
            {"identifier": "editItem", "kind": "presentation", "destination": "editNav",
             "modalPresentationStyle": "fullScreen"}
          ],
          "ui": {
            "navigationItem": {
              "title": "Item",
              "rightItems": [{"systemItem": "edit", "trigger": {"kind": "presentation", "identifier": "editItem"}}]
            },
            "controls": [
              {"type": "label", "text": "Notebook"},
              {"type": "label", "text": "A5, dotted, 120 pages"},
              {"type": "switch", "text": "Favourite", "on": true}
            ]
          }
        },
        "editNav": {"kind": "navigationController", "root": "editItem", "storyboardIdentifier": "EditForm"},
        "editItem": {
          "class": "EditItemViewController", "title": "Edit",
          "segues": [
            {"identifier": "save", "kind": "unwind", "action": "saveEdit:"},
            {"identifier": "cancel", "kind": "unwind", "action": "cancelEdit:"}
          ],
          "ui": {
            "navigationItem": {
              "title": "Edit",
              "leftItems": [{"systemItem": "cancel", "trigger": {"kind": "unwind", "identifier": "cancel", "action": "cancelEdit:"}}],
              "rightItems": [{"systemItem": "save", "trigger": {"kind": "unwind", "identifier": "save", "action": "saveEdit:"}}]
            },
            "controls": [
              {"type": "textField", "text": null, "placeholder": "Name"},
              {"type": "textField", "text": null, "placeholder": "Notes"}
            ]
          }
        },
        "filter": {
          "class": "FilterViewController", "title": "Filter",
          "segues": [{"identifier": "applyFilter", "kind": "unwind", "action": "applyFilter:"}],
          "ui": {
            "controls": [
              {"type": "segmentedControl", "segments": ["All", "Favourites", "Recent"]},
              {"type": "button", "text": "Apply",
               "trigger": {"kind": "unwind", "identifier": "applyFilter", "action": "applyFilter:"}}
            ]
          }
        },
        "settingsNav": {"kind": "navigationController", "root": "settings", "title": "Settings",
                        "ui": {"tabBarItem": {"title": "Settings"}}},
        "settings": {
          "class": "SettingsViewController", "title": "Settings",
          "segues": [{"identifier": "showAbout", "kind": "show", "destination": "about"}],
          "ui": {
            "navigationItem": {"title": "Settings"},
            "controls": [
              {"type": "tableViewCell", "text": "Notifications"},
              {"type": "switch", "on": true},
              {"type": "tableViewCell", "text": "Sync over cellular"},
              {"type": "switch", "on": false},
              {"type": "tableViewCell", "text": "About", "trigger": {"kind": "show", "identifier": "showAbout"}}
            ]
          }
        },
        "about": {"class": "AboutViewController", "title": "About", "storyboardIdentifier": "About",
                  "ui": {"navigationItem": {"title": "About"},
                         "controls": [{"type": "label", "text": "segued demo"}, {"type": "label", "text": "Version 1.0"}]}},
        "library": {"kind": "splitViewController", "primary": "libraryNav", "secondary": "libraryWelcome",
                    "title": "Library", "ui": {"tabBarItem": {"systemItem": "bookmarks"}}},
        "libraryNav": {"kind": "navigationController", "root": "libraryList"},
        "libraryList": {
          "class": "LibraryListViewController", "title": "Library",
          "segues": [{"identifier": "showBook", "kind": "showDetail", "destination": "book"}],
          "ui": {
            "navigationItem": {"title": "Library"},
            "controls": [
              {"type": "tableViewCell", "text": "The Hobbit", "reuseIdentifier": "BookCell",
               "trigger": {"kind": "showDetail", "identifier": "showBook"}},
              {"type": "tableViewCell", "text": "Dune", "reuseIdentifier": "BookCell",
               "trigger": {"kind": "showDetail", "identifier": "showBook"}},
              {"type": "tableViewCell", "text": "Emma", "reuseIdentifier": "BookCell",
               "trigger": {"kind": "showDetail", "identifier": "showBook"}}
            ]
          }
        },
        "libraryWelcome": {"class": "LibraryWelcomeViewController", "title": "Welcome",
                           "ui": {"controls": [{"type": "label", "text": "Pick a book from the library."}]}},
        "book": {"class": "BookViewController", "title": "Book",
                 "ui": {"navigationItem": {"title": "Book"},
                        "controls": [{"type": "label", "text": "Chapter 1"}, {"type": "button", "text": "Read"}]}}
      },
      "classes": {
        "ItemListViewController": {"superclass": "UITableViewController",
                                   "unwindActions": ["saveEdit:", "cancelEdit:", "applyFilter:"]},
        "ItemDetailViewController": {"superclass": "UIViewController", "unwindActions": ["saveEdit:"]}
      }
    }
    """#
}
