import Foundation
import Storyboard
import Testing

/// The forms a selection method's conditions on the index path take, each on a static table of two
/// sections of three rows (cells `0.0` … `1.2`): every cell gets what its own section and row
/// performs, and a prototype cell the alternatives, readable. Conditions not on the index path stay
/// alternatives. Also: messages in an Objective-C condition or loop header are read, and
/// `#if`/`#else` branches are alternatives, never both.
struct CellRowFormTests {
    static let sections = [["0.0", "0.1", "0.2"], ["1.0", "1.1", "1.2"]]
    static let segues = ["A", "B", "C", "D"]

    static func staticLines(_ file: String, _ source: String) throws -> [String] {
        let storyboard = try CellRowActionTests.load(
            ["Main": CellRowActionTests.table("T", sections: sections, segues: segues)], sources: [file: source])
        return try CellRowActionTests.lines(storyboard, "table")
    }

    static func prototypeLines(_ file: String, _ source: String) throws -> [String] {
        let storyboard = try CellRowActionTests.load(
            ["Main": CellRowActionTests.table("T", sections: nil, segues: segues)], sources: [file: source])
        return try CellRowActionTests.lines(storyboard, "table")
    }

    static func swift(_ body: String, extra: String = "") -> String {
        """
        import UIKit
        \(extra)
        class T: UITableViewController {
            override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        \(body)
            }
        }
        """
    }

    static func objectiveC(_ body: String, extra: String = "", methods: String = "") -> String {
        """
        #import "T.h"
        \(extra)
        @implementation T
        - (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
        \(body)
        }
        \(methods)
        @end
        """
    }

    @Test func swift_switchOnTheRow_casesListsAndDefault() throws {
        let source = Self.swift("""
            switch indexPath.row {
            case 0: performSegue(withIdentifier: "A", sender: nil)
            case 1, 2: performSegue(withIdentifier: "B", sender: nil)
            default: performSegue(withIdentifier: "C", sender: nil)
            }
            """)
        #expect(try Self.staticLines("T.swift", source) == [
            "0.0: segue A", "0.1: segue B", "0.2: segue B", "1.0: segue A", "1.1: segue B", "1.2: segue B",
        ])
        #expect(try Self.prototypeLines("T.swift", source) == [
            "Cell: segue A when row 0; segue B when row 1 or 2; segue C when a row other than 0, 1 or 2",
        ])
    }

    @Test func swift_switchOnTheSection_andOnATuple_withRangesAndWildcards() throws {
        let section = Self.swift("""
            switch indexPath.section {
            case 0: navigationController?.popViewController(animated: true)
            default: break
            }
            """)
        #expect(try Self.staticLines("T.swift", section) == [
            "0.0: pop", "0.1: pop", "0.2: pop", "1.0: nothing", "1.1: nothing", "1.2: nothing",
        ])
        let tuple = Self.swift("""
            switch (indexPath.section, indexPath.row) {
            case (0, 0): performSegue(withIdentifier: "A", sender: nil)
            case (0, 1...): performSegue(withIdentifier: "B", sender: nil)
            case (1, _): performSegue(withIdentifier: "C", sender: nil)
            default: break
            }
            """)
        #expect(try Self.staticLines("T.swift", tuple) == [
            "0.0: segue A", "0.1: segue B", "0.2: segue B", "1.0: segue C", "1.1: segue C", "1.2: segue C",
        ])
        #expect(try Self.prototypeLines("T.swift", tuple) == [
            "Cell: segue A when section 0, row 0; segue B when section 0, row 1 or later; segue C when section 1",
        ])
    }

    /// `if`, `&&`, `guard`, an `if` that returns, a `let` holding the row, an `Int` enum's raw
    /// value, and a condition that is not on the index path, which stays an alternative.
    @Test func swift_ifGuardAndConstants() throws {
        let source = Self.swift("""
                guard indexPath.section == Section.main.rawValue else {
                    if indexPath.row == 2 { dismiss(animated: true) }
                    return
                }
                let row = indexPath.row
                if row == 0 {
                    performSegue(withIdentifier: "A", sender: nil)
                    return
                }
                if indexPath.section == 0 && row == 1 && isEditing {
                    performSegue(withIdentifier: "B", sender: nil)
                }
                performSegue(withIdentifier: "C", sender: nil)
            """, extra: "enum Section: Int { case main, other }")
        #expect(try Self.staticLines("T.swift", source) == [
            "0.0: segue A", "0.1: segue B when isEditing; segue C", "0.2: segue C",
            "1.0: nothing", "1.1: nothing", "1.2: dismiss",
        ])
        let prototype = try Self.prototypeLines("T.swift", source)
        #expect(prototype == [
            "Cell: dismiss when a section other than 0 and row 2; segue A when section 0, row 0; "
                + "segue B when section 0, row 1 and isEditing; segue C when section 0 and a row other than 0",
        ])
    }

    /// A prototype cell's tap with the choice `section 1` runs what the code runs at section 1:
    /// the call after `if section 0 { …; return }` (under `a section other than 0`, which `section
    /// 1` implies though its text leaves it out) and the one in `if section 1`.
    @Test func swift_aChoiceTakesTheCallsItImplies() throws {
        let source = Self.swift("""
                if indexPath.section == 0 {
                    performSegue(withIdentifier: "A", sender: nil)
                    return
                }
                dismiss(animated: true)
                if indexPath.section == 1 { performSegue(withIdentifier: "B", sender: nil) }
            """)
        let storyboard = try CellRowActionTests.load(
            ["Main": CellRowActionTests.table("T", sections: nil, segues: Self.segues)], sources: ["T.swift": source])
        let action = try #require(storyboard.scenes[SceneID("table")]?.ui?.controls.first?.action)
        #expect(action.choices == ["section 0", "a section other than 0", "section 1"])
        #expect(action.taken(when: "section 1").map(CellRowActionTests.describe) == ["dismiss when a section other than 0", "segue B when section 1"])
        #expect(action.taken(when: "a section other than 0").map(CellRowActionTests.describe) == ["dismiss when a section other than 0"])
        #expect(action.taken(when: "section 0").map(CellRowActionTests.describe) == ["segue A when section 0"])
    }

    /// `switch (indexPath.row)` with cases that fall through, `if (indexPath.row == 2)`,
    /// `[indexPath section] == 0`, `#define` and `enum` constants.
    @Test func objectiveC_switchFallthroughIfAndConstants() throws {
        let source = Self.objectiveC("""
                if ([indexPath section] == kFirstSection) {
                    switch (indexPath.row) {
                        case RowA:
                        case RowB:
                            [self performSegueWithIdentifier:@"A" sender:nil];
                            break;
                        default:
                            [self performSegueWithIdentifier:@"B" sender:nil];
                    }
                    return;
                }
                if (indexPath.row == 2) [self.navigationController popViewControllerAnimated:YES];
            """, extra: "#define kFirstSection 0\ntypedef NS_ENUM(NSInteger, Rows) { RowA, RowB };")
        #expect(try Self.staticLines("T.m", source) == [
            "0.0: segue A", "0.1: segue A", "0.2: segue B", "1.0: nothing", "1.1: nothing", "1.2: pop",
        ])
    }

    /// Objective-C messages in an `if`'s condition or a loop's header run: `[self closeIfDone]`
    /// dismisses whichever branch follows; before this reading they were skipped.
    @Test func objectiveC_messagesInConditionsAndLoopHeaders_areRead() throws {
        let source = Self.objectiveC("""
                if ([self closeIfDone]) [self performSegueWithIdentifier:@"A" sender:nil];
                for (NSString *name in [self namesAfterPopping]) { }
                while ([self shouldGoBack]) { break; }
            """, methods: """
            - (BOOL)closeIfDone { [self dismissViewControllerAnimated:YES completion:nil]; return YES; }
            - (NSArray *)namesAfterPopping { [self.navigationController popToRootViewControllerAnimated:NO]; return @[]; }
            - (BOOL)shouldGoBack { [self.navigationController popViewControllerAnimated:YES]; return NO; }
            """)
        #expect(try Self.prototypeLines("T.m", source) == [
            "Cell: dismiss; segue A when [self closeIfDone]; popToRoot; pop",
        ])
    }

    /// Only one branch of `#if … #else … #endif` is compiled: each is an alternative naming its
    /// condition, in Swift (swift-syntax's `#if` clauses) and Objective-C (preprocessor lines),
    /// in a method's body or around the methods themselves.
    @Test func preprocessorBranches_areAlternatives_neverBoth() throws {
        let swift = Self.swift("""
                #if DEBUG
                performSegue(withIdentifier: "A", sender: nil)
                #elseif BETA
                performSegue(withIdentifier: "B", sender: nil)
                #else
                performSegue(withIdentifier: "C", sender: nil)
                #endif
                dismiss(animated: true)
            """)
        #expect(try Self.prototypeLines("T.swift", swift) == [
            "Cell: segue A when #if DEBUG; segue B when #elseif BETA; segue C when #else (not DEBUG and not BETA); dismiss",
        ])
        // A method declared in each branch among the class's members: the same alternatives.
        let members = """
            import UIKit
            class T: UITableViewController {
            #if DEBUG
                override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                    performSegue(withIdentifier: "A", sender: nil)
                }
            #else
                override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                    if indexPath.row == 1 { performSegue(withIdentifier: "B", sender: nil) }
                }
            #endif
            }
            """
        #expect(try Self.prototypeLines("T.swift", members) == ["Cell: segue A when #if DEBUG; segue B when #else (not DEBUG) and row 1"])
        #expect(try Self.staticLines("T.swift", members)[1] == "0.1: segue A when #if DEBUG; segue B when #else (not DEBUG)")
        let objectiveC = Self.objectiveC("""
                #ifdef DEBUG
                    [self performSegueWithIdentifier:@"A" sender:nil];
                #else
                    [self performSegueWithIdentifier:@"B" sender:nil];
                #endif
                #if TARGET_OS_IOS
                    if (indexPath.row == 1) [self dismissViewControllerAnimated:YES completion:nil];
                #endif
            """)
        #expect(try Self.prototypeLines("T.m", objectiveC) == [
            "Cell: segue A when #ifdef DEBUG; segue B when #else (not defined DEBUG); dismiss when #if TARGET_OS_IOS and row 1",
        ])
        let objectiveCMembers = """
            @implementation T
            #if TARGET_OS_MACCATALYST
            - (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
                [self performSegueWithIdentifier:@"A" sender:nil];
            }
            #else
            - (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
                [self dismissViewControllerAnimated:YES completion:nil];
            }
            #endif
            @end
            """
        #expect(try Self.prototypeLines("T.m", objectiveCMembers) == [
            "Cell: segue A when #if TARGET_OS_MACCATALYST; dismiss when #else (not TARGET_OS_MACCATALYST)",
        ])
        // On a static table the index path is decided, the preprocessor's choice is not.
        #expect(try Self.staticLines("T.m", objectiveC)[1] == "0.1: segue A when #ifdef DEBUG; segue B when #else (not defined DEBUG); dismiss when #if TARGET_OS_IOS")
    }
}
