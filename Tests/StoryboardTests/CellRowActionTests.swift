import Foundation
import SourceScanning
import Storyboard
import Testing

/// A cell's selection per section and row (spec §5.13): a static table's cell (its section and row
/// fixed by the storyboard) gets what its table's selection method does at its position, and a
/// prototype cell every alternative with a readable condition. On real apps' sources
/// (Fixtures/CellRows, with their origin and license) and on the forms the reading knows.
struct CellRowActionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/CellRows")

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// Each control of `scene` as one line: its label, then what its action performs
    /// (`dismiss`, `segue x when …`), `nothing` for `performs: []`, `-` with no action.
    static func lines(_ storyboard: Storyboard, _ scene: String) throws -> [String] {
        let ui = try #require(storyboard.scenes[SceneID(scene)]?.ui)
        return ui.controls.filter(\.kind.isCell).map { control in
            let label = control.label ?? "?"
            guard let action = control.action else { return "\(label): -" }
            guard !action.performs.isEmpty else { return "\(label): nothing" }
            return "\(label): " + action.performs.map(describe).joined(separator: "; ")
        }
    }

    static func describe(_ operation: CodeOperation) -> String {
        let what: String = switch operation.kind {
        case .segue(let identifier): "segue \(identifier)"
        case .instantiate(let presentation, let identifier, let storyboard): "\(presentation.rawValue) \(identifier)\(storyboard.map { " of \($0)" } ?? "")"
        case .unread(let reason): "unread (\(reason))"
        default: operation.type
        }
        return operation.when.map { "\(what) when \($0)" } ?? what
    }

    static func load(_ storyboards: [String: String], sources: [String: String], entry: String = "Main") throws -> Storyboard {
        let bundle = StoryboardBundle(name: "App", entry: entry, storyboards: storyboards.mapValues { Data($0.utf8) }, sources: sources)
        return try InterfaceBuilderImporter.load(bundle, swift: SwiftSyntaxSourceReader()).storyboard
    }

    /// A storyboard of one table scene of `customClass`: static with `sections` (each a list of
    /// cell texts), or one prototype cell `Cell` when `sections` is nil.
    static func table(_ customClass: String, sections: [[String]]?, segues: [String] = []) -> String {
        let content: String
        if let sections {
            var id = 0
            content = "<sections>" + sections.map { cells in
                "<tableViewSection id=\"sec\(cells.first ?? "")\"><cells>" + cells.map { text in
                    id += 1
                    return "<tableViewCell id=\"c\(id)\" textLabel=\"l\(id)\"><tableViewCellContentView key=\"contentView\" id=\"cv\(id)\"><label text=\"\(text)\" id=\"l\(id)\"/></tableViewCellContentView></tableViewCell>"
                }.joined() + "</cells></tableViewSection>"
            }.joined() + "</sections>"
        } else {
            content = "<prototypes><tableViewCell reuseIdentifier=\"Cell\" id=\"p1\"/></prototypes>"
        }
        let mode = sections == nil ? "" : " dataMode=\"static\""
        let segueElements = segues.enumerated().map { "<segue destination=\"other\" kind=\"show\" identifier=\"\($1)\" id=\"g\($0)\"/>" }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="table">
              <scenes>
                <scene sceneID="s1"><objects>
                  <tableViewController id="table" customClass="\(customClass)" sceneMemberID="viewController">
                    <tableView key="view"\(mode) id="t1">\(content)</tableView>
                    <connections>\(segueElements)</connections>
                  </tableViewController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                  <viewController id="other" storyboardIdentifier="Other" sceneMemberID="viewController"/>
                </objects></scene>
              </scenes>
            </document>
            """
    }

    // MARK: Real apps

    /// GoMap's display settings (a static table of five sections, its storyboard as the app keeps
    /// it): a background chosen in section 0 (`BACKGROUND_SECTION`, a constant of the file)
    /// dismisses the settings through `onDone(nil)`; every other row navigates nowhere. No cell
    /// asks which condition.
    @Test func goMap_staticDisplaySettings_onlyTheBackgroundRowsDismiss() throws {
        let storyboard = try Self.load(
            ["Display": try Self.fixture("Display.storyboard")],
            sources: ["src/iOS/DisplaySettings/DisplayViewController.swift": try Self.fixture("DisplayViewController.swift")], entry: "Display")
        #expect(try Self.lines(storyboard, "UfZ-fJ-hyB") == [
            "Editor with Aerial: dismiss", "Editor only: dismiss", "Aerial only: dismiss", "Basemap only: dismiss",
            "Clear Cache: nothing", "GPX Tracks: nothing", "Data Overlays: nothing", "Quests: nothing", "Notes and Fixmes: nothing",
            "Turn Restrictions: nothing", "Object Filters: nothing", "Position + Button on : nothing", "Map Rotation: nothing",
        ])
    }

    /// The same method on a prototype cell: its rows are not known, so the cell keeps the
    /// alternative, its condition readable.
    @Test func goMap_onAPrototypeCell_keepsTheConditionReadable() throws {
        let storyboard = try Self.load(
            ["Main": Self.table("DisplayViewController", sections: nil)],
            sources: ["DisplayViewController.swift": try Self.fixture("DisplayViewController.swift")])
        #expect(try Self.lines(storyboard, "table") == ["Cell: dismiss when section 0"])
    }

    /// iNaturalist's settings (Objective-C): sections and rows named by `NS_ENUM` constants,
    /// `indexPath.item` compared in `if`/`else if` chains, a helper that presents a scene of
    /// another storyboard, and `launchDonate` whose `#ifdef INatDonateURL` and `#else` are
    /// alternatives, never both. Wired here to a static table of those sections (the app builds
    /// its table in code; the storyboard is ours).
    @Test func iNaturalist_objectiveC_enumConstants_rowsOfAStaticTable() throws {
        let sections = [
            ["Username", "Email", "Sign out"],
            ["Change username", "Change email", "Autocomplete", "Upload", "Suggest", "Common names", "Scientific first", "No tracking", "Network"],
            ["Tutorial", "Contact", "Review", "Store", "Donate"],
            ["Version"],
            ["Delete account"],
        ]
        let storyboard = try Self.load(
            ["Main": Self.table("SettingsViewController", sections: sections)],
            sources: ["INaturalistIOS/Controllers/Settings/SettingsViewController.m": try Self.fixture("SettingsViewController.m")])
        let alert = "unread (presentViewController:animated:completion: of alert: a controller made by UIAlertController, not instantiated from a storyboard)"
        let signup = "present onboarding-login of Onboarding"
        let reachable = "[[INatReachability sharedClient] isNetworkReachable]"
        let account = "\(signup) when not ([appDelegate.loginController isLoggedIn]) and \(reachable); \(alert) when not ([appDelegate.loginController isLoggedIn]) and not (\(reachable))"
        let app = "\(signup) when ![appDelegate.loginController isLoggedIn]"
        #expect(try Self.lines(storyboard, "table") == [
            "Username: \(account)", "Email: \(account)", "Sign out: \(account)",
            "Change username: \(app)", "Change email: \(app)", "Autocomplete: nothing", "Upload: nothing", "Suggest: nothing",
            "Common names: nothing", "Scientific first: nothing", "No tracking: nothing", "Network: \(app)",
            // The helpers the sources do not have (launchTutorial, sendSupportEmail, …) make no navigation we know of.
            "Tutorial: nothing", "Contact: nothing", "Review: nothing", "Store: nothing",
            "Donate: \(alert) when #ifdef INatDonateURL and not (\(reachable)); \(alert) when #else (not defined INatDonateURL)",
            "Version: nothing", "Delete account: nothing",
        ])
    }

    @Test func iNaturalist_onAPrototypeCell_readableConditions() throws {
        let storyboard = try Self.load(
            ["Main": Self.table("SettingsViewController", sections: nil)],
            sources: ["SettingsViewController.m": try Self.fixture("SettingsViewController.m")])
        let alert = "unread (presentViewController:animated:completion: of alert: a controller made by UIAlertController, not instantiated from a storyboard)"
        let signup = "present onboarding-login of Onboarding"
        let loggedIn = "[appDelegate.loginController isLoggedIn]"
        let reachable = "[[INatReachability sharedClient] isNetworkReachable]"
        let account = { (row: Int) in
            "\(signup) when section 0, row \(row) and not (\(loggedIn)) and \(reachable); \(alert) when section 0, row \(row) and not (\(loggedIn)) and not (\(reachable))"
        }
        #expect(try Self.lines(storyboard, "table") == ["Cell: " + [
            "\(signup) when section 1, row 0 and !\(loggedIn)", "\(signup) when section 1, row 1 and !\(loggedIn)",
            "\(signup) when section 1, row 8 and !\(loggedIn)",
            "\(alert) when section 2, row 4 and #ifdef INatDonateURL and not (\(reachable))",
            "\(alert) when section 2, row 4 and #else (not defined INatDonateURL)",
            account(0), account(1), account(2),
        ].joined(separator: "; ")])
    }
}
