import Foundation
import SeguedTestSupport
import Storyboard
import Testing

/// A table cell whose content view holds a label and one control is one row: the cell's text and
/// its `accessory`, "Ignore SSL certificates" with its switch, not the cell and then a row "Switch".
/// On real storyboards of the shared corpus: openHAB's settings (text fields and switches), GoMap's
/// offline tiles (a button), Habitica's form cells (a text field, a switch) and openHAB's widget
/// cells, whose rollershutter cell holds three buttons and so keeps them as rows of their own.
@Suite(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository"))
struct CorpusCellRowTests {
    /// Each control of `scene` in `file` as one line: `type 'text'`, then ` + accessory …` for a cell's.
    static func rows(_ file: String, _ scene: String) throws -> [String] {
        let url = SharedCorpus.folder.appendingPathComponent(file)
        let imported = try InterfaceBuilderImporter.load(Data(contentsOf: url), name: "Main")
        let controls = try #require(imported.storyboard.scenes[SceneID(scene)]?.ui?.controls, "scene \(scene) of \(file)")
        return controls.map(line)
    }

    static func line(_ control: ControlUI) -> String {
        var line = "\(control.kind.rawValue) \(control.text.map { "'\($0)'" } ?? "nil")"
        if let accessory = control.accessory {
            line += " + \(accessory.kind.rawValue)"
            if let text = accessory.text { line += " '\(text)'" }
            if let placeholder = accessory.placeholder { line += " placeholder '\(placeholder)'" }
            if accessory.kind == .switch { line += accessory.isOn ? " on" : " off" }
            if !accessory.segments.isEmpty { line += " \(accessory.segments)" }
        }
        if control.trigger != nil { line += " (tapped)" }
        return line
    }

    @Test func openHABsSettings_areRowsOfALabelAndItsFieldOrSwitch() throws {
        let rows = try Self.rows("openhab__openhab-ios__Main_iPhone_2014.storyboard", "0lY-On-oJ2")
        #expect(rows == [
            "tableViewCell 'Local' + textField", "tableViewCell 'Remote' + textField", "tableViewCell 'Username' + textField",
            "tableViewCell 'Password' + textField", "tableViewCell 'Ignore SSL certificates' + switch on",
            "tableViewCell 'Demo mode' + switch on", "tableViewCell 'Disable idle timeout' + switch on",
            "tableViewCell 'openHAB info' (tapped)", "tableViewCell 'Select sitemap' (tapped)", "tableViewCell 'Legal' (tapped)",
        ])
    }

    @Test func goMapsOfflineTiles_areRowsOfALabelAndItsButton() throws {
        let rows = try Self.rows("bryceco__GoMap__MainStoryboard_iPhone_2013.storyboard", "F6b-O4-VXY")
        #expect(rows == [
            "tableViewCell 'Aerial Tiles' + button 'Start'", "tableViewCell 'Mapnik Tiles' + button 'Start'",
        ])
    }

    @Test func goMapsTagCells_keepTheirOwnTapAndTheirField() throws {
        let rows = try Self.rows("bryceco__GoMap__MainStoryboard_iPhone_2013.storyboard", "6VA-gm-L0S")
        #expect(rows.prefix(5) == [
            "tableViewCell 'Type' (tapped)", "tableViewCell 'Name' + textField placeholder 'McDonald's'", "tableViewCell 'Alt Name' + textField placeholder 'Mickey D's'",
            "tableViewCell 'Cuisine' + textField placeholder 'burger' (tapped)", "tableViewCell 'WiFi' + textField placeholder 'free' (tapped)",
        ])
    }

    @Test func habiticasFormCells_areOneRowEach() throws {
        let rows = try Self.rows("HabitRPG__habitica-ios__Main_iPhone_2015.storyboard", "IL8-2o-kb1")
        #expect(rows == [
            "tableViewCell 'Label' + textField", "tableViewCell 'Label'", "tableViewCell 'Label' + switch on",
            "tableViewCell nil + textField", "tableViewCell 'Title'", "tableViewCell nil",
        ])
    }

    @Test func aCellWithSeveralControls_keepsThemAsRowsAfterIt() throws {
        let rows = try Self.rows("openhab__openhab-ios__Main_iPhone_2014.storyboard", "vXZ-lx-hvc")
        // The switch, setpoint, slider and segmented widget cells have one control each; the
        // rollershutter and colour picker cells hold three buttons, which follow them.
        #expect(rows == [
            "tableViewCell ''", "tableViewCell ''", "tableViewCell '' + switch off", "tableViewCell '' + segmentedControl [\"\", \"-22.0\", \"\"]",
            "tableViewCell '' + slider", "tableViewCell ''", "tableViewCell '' + segmentedControl [\"\", \"\"]",
            "tableViewCell ''", "button nil", "button nil", "button nil",
            "tableViewCell ''", "button nil", "button nil", "button nil",
            "tableViewCell nil", "tableViewCell nil", "tableViewCell nil", "tableViewCell nil",
        ])
    }
}
