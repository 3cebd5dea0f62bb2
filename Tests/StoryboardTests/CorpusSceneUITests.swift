import Foundation
import SeguedTestSupport
import Storyboard
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The scene UI the importer keeps from the shared corpus, checked against the XML read here on its
/// own with XPath: navigation titles, tab bar items, and how many elements trigger a segue.
struct CorpusSceneUITests {
    static let files = SharedCorpus.storyboardFiles.map(\.lastPathComponent)

    /// The elements a person taps that the UI lists (bar items, controls, cells).
    static let tappable: Set<String> = [
        "barButtonItem", "button", "tableViewCell", "collectionViewCell", "textField", "switch", "segmentedControl", "stepper", "slider",
    ]

    struct Expected: Equatable, CustomStringConvertible {
        var navigationTitle: String?
        var tab: [String?]?
        var triggering: Int
        var description: String { "title \(navigationTitle ?? "nil"), tab \(tab.map { "\($0)" } ?? "nil"), \(triggering) triggering" }
    }

    /// What the XML says of one controller element.
    static func expected(_ controller: XMLElement) throws -> Expected {
        let navigation = try controller.nodes(forXPath: "navigationItem[@key='navigationItem']").first
            ?? controller.nodes(forXPath: "*[@key='view']//navigationItem").first
        // IB writes a title with line breaks as a <string key="title"> child.
        let title = try (navigation as? XMLElement).flatMap { item in
            try item.attribute(forName: "title")?.stringValue ?? item.nodes(forXPath: "string[@key='title']").first?.stringValue
        }
        let tab = try (controller.nodes(forXPath: "tabBarItem[@key='tabBarItem']").first as? XMLElement).map { element in
            ["title", "systemItem", "badgeValue"].map { element.attribute(forName: $0)?.stringValue }
        }
        // Segues kept as segues: not containment, not a reference to another, not nested in a segue
        // (peek and pop), with the destination or action they need.
        func isKept(_ segue: XMLElement) -> Bool {
            let kind = segue.attribute(forName: "kind")?.stringValue
            let needed = kind == "unwind" ? "unwindAction" : "destination"
            return kind != "relationship" && segue.attribute(forName: "reference") == nil && segue.attribute(forName: needed) != nil
        }
        let segues = try controller.nodes(forXPath: ".//connections/segue").compactMap { $0 as? XMLElement }.filter(isKept)
        var triggers = Set<ObjectIdentifier>()
        for segue in segues {
            guard let trigger = segue.parent?.parent as? XMLElement, let name = trigger.name, tappable.contains(name),
                trigger.attribute(forName: "key")?.stringValue != "backBarButtonItem"
            else { continue }
            triggers.insert(ObjectIdentifier(trigger))
        }
        // Gesture recognizers beside the controller, attached to one of its views, that trigger a
        // kept segue.
        let attached = try controller.nodes(forXPath: ".//outletCollection[@property='gestureRecognizers']")
            .compactMap { ($0 as? XMLElement)?.attribute(forName: "destination")?.stringValue }
        let recognizers = try controller.nodes(forXPath: "../*[substring(name(), string-length(name()) - 16) = 'estureRecognizer']")
            .compactMap { $0 as? XMLElement }
            .filter { recognizer in
                attached.contains(recognizer.attribute(forName: "id")?.stringValue ?? "")
                    && ((try? recognizer.nodes(forXPath: "connections/segue")) ?? []).contains { ($0 as? XMLElement).map(isKept) ?? false }
            }
        return Expected(navigationTitle: title, tab: tab, triggering: triggers.count + recognizers.count)
    }

    /// What the importer kept of one scene, in the same terms.
    static func kept(_ ui: SceneUI?) -> Expected {
        let tab = ui?.tabBarItem.map { [$0.title, $0.systemItem, $0.badge] }
        let bars = (ui?.navigationItem?.leftItems ?? []) + (ui?.navigationItem?.rightItems ?? []) + (ui?.toolbarItems ?? [])
        // A cell's one control is its accessory, in the cell's row: its trigger counts too.
        let controls = (ui?.controls ?? []).flatMap { [$0] + ($0.accessory.map { [$0] } ?? []) }
        let triggering = bars.filter { $0.trigger != nil }.count + controls.filter { $0.trigger != nil }.count
        return Expected(navigationTitle: ui?.navigationItem?.title, tab: tab, triggering: triggering)
    }

    @Test(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository"), arguments: files)
    func sceneUI_matchesTheXML(_ file: String) throws {
        let url = SharedCorpus.folder.appendingPathComponent(file)
        let data = try Data(contentsOf: url)
        let imported = try InterfaceBuilderImporter.load(data, name: url.deletingPathExtension().lastPathComponent)
        let document = try XMLDocument(data: data, options: [])
        let controllers = try document.nodes(forXPath: "/document/scenes/scene/objects/*[@sceneMemberID='viewController']")
            .compactMap { $0 as? XMLElement }
        #expect(controllers.count == imported.storyboard.scenes.count)
        for controller in controllers {
            let id = try #require(controller.attribute(forName: "id")?.stringValue)
            let scene = try #require(imported.storyboard.scenes[SceneID(id)], "scene \(id)")
            #expect(Self.kept(scene.ui) == (try Self.expected(controller)), "scene \(id) of \(file)")
            #expect((scene.ui?.controls.count ?? 0) <= SceneUI.maxControls)
        }
    }

    /// Totals over the corpus, so that a reader sees that the comparison above has something in it.
    @Test(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository"))
    func corpus_hasTitlesTabsAndTriggersToCompare() throws {
        var totals = (titles: 0, tabs: 0, triggering: 0)
        for url in SharedCorpus.storyboardFiles {
            let imported = try InterfaceBuilderImporter.load(Data(contentsOf: url), name: url.deletingPathExtension().lastPathComponent)
            for scene in imported.storyboard.scenes.values {
                let kept = Self.kept(scene.ui)
                totals.titles += kept.navigationTitle == nil ? 0 : 1
                totals.tabs += kept.tab == nil ? 0 : 1
                totals.triggering += kept.triggering
            }
        }
        print("corpus scene UI: \(totals.titles) navigation titles, \(totals.tabs) tab bar items, \(totals.triggering) triggering elements")
        #expect(totals.titles > 50 && totals.tabs > 5 && totals.triggering > 50)
    }
}
