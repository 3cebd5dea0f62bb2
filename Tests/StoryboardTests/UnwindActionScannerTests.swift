import SourceScanning
import Storyboard
import Testing

struct UnwindActionScannerTests {
    static func scan(_ sources: [String: String]) -> [String: ClassInfo] {
        UnwindActionScanner.scan(sources, swift: SwiftSyntaxSourceReader())
    }

    @Test func swiftNames_becomeTheSelectorsTheCompilerExports() {
        let source = """
            import UIKit

            class MealTableViewController: UITableViewController {
                @IBAction func unwindToMealList(sender: UIStoryboardSegue) {
                }
                @IBAction func unwindToList(_ segue: UIStoryboardSegue) {}
                @IBAction private func unwind(for segue: UIKit.UIStoryboardSegue) {}
                @IBAction func done(_ sender: UIBarButtonItem) {}
                func notAnAction(_ segue: UIStoryboardSegue) {}
            }

            extension ListViewController {
                @IBAction @objc(customUnwind:) func renamed(_ segue: UIStoryboardSegue) {}
            }
            """
        let classes = Self.scan(["Meal.swift": source])
        #expect(classes["MealTableViewController"] == ClassInfo(superclass: "UITableViewController", unwindActions: ["unwindFor:", "unwindToList:", "unwindToMealListWithSender:"]))
        #expect(classes["ListViewController"] == ClassInfo(superclass: nil, unwindActions: ["customUnwind:"]))
    }

    /// What a line scanner got wrong: a method commented out (line and block), one inside a string
    /// literal, one split over four lines with its attribute on a line of its own, one in an
    /// extension of a superclass in another file.
    @Test func swift_commentsAndStringsAreNotCode_andDeclarationsSpanLines() {
        let source = #"""
            class DetailViewController: BaseViewController {
                // @IBAction func commentedOut(_ segue: UIStoryboardSegue) {}
                /* @IBAction func blockCommented(_ segue: UIStoryboardSegue) {}
                   @IBAction func blockCommented2(_ segue: UIStoryboardSegue) {} */
                let help = "@IBAction func quoted(_ segue: UIStoryboardSegue) {}"
                let more = """
                    @IBAction func multilineQuoted(_ segue: UIStoryboardSegue) {}
                    """
                @IBAction
                func backToDetail(
                    from segue: UIStoryboardSegue
                ) {}
            }
            """#
        let base = "extension BaseViewController {\n    @IBAction func unwindToBase(_ segue: UIStoryboardSegue) {}\n}\n"
        let classes = Self.scan(["Detail.swift": source, "Base+Unwind.swift": base])
        #expect(classes["DetailViewController"] == ClassInfo(superclass: "BaseViewController", unwindActions: ["backToDetailFrom:"]))
        #expect(classes["BaseViewController"] == ClassInfo(superclass: nil, unwindActions: ["unwindToBase:"]))
    }

    /// `@objc` methods count without `@IBAction` (UIKit finds unwind actions by selector), as do the
    /// members of an `@objc extension` and an `@objcMembers` class; `@nonobjc`, static and
    /// protocol methods do not. A nested class is a class of its own; a struct's methods are no class's.
    @Test func swift_objcMethods_nestedTypes_andWhatIsNotExported() {
        let source = """
            @objcMembers
            final class Outer: UIViewController {
                func implicitlyExported(_ segue: UIStoryboardSegue) {}
                @nonobjc func hidden(_ segue: UIStoryboardSegue) {}
                static func notAnInstanceMethod(_ segue: UIStoryboardSegue) {}
                class Inner: UINavigationController {
                    @objc func unwindToInner(segue: UIStoryboardSegue!) {}
                }
                struct Helper {
                    @objc func inAStruct(_ segue: UIStoryboardSegue) {}
                }
                func body() {
                    class Local: UIViewController { @IBAction func local(_ s: UIStoryboardSegue) {} }
                }
            }
            @objc extension Outer.Inner {
                func backToInner(_ segue: UIStoryboardSegue?) {}
                func notASegue(_ x: Int) {}
            }
            @objc protocol Unwinding {
                @objc func requirement(_ segue: UIStoryboardSegue)
            }
            """
        let classes = Self.scan(["Outer.swift": source])
        #expect(classes == [
            "Outer": ClassInfo(superclass: "UIViewController", unwindActions: ["implicitlyExported:"]),
            "Inner": ClassInfo(superclass: "UINavigationController", unwindActions: ["backToInner:", "unwindToInnerWithSegue:"]),
        ])
    }

    /// The compiler's rule (lib/AST/Decl.cpp, getObjCSelector; prepositions of PartsOfSpeech.def).
    @Test(arguments: [
        ("unwindToMealList", ["sender"], "unwindToMealListWithSender:"),
        ("unwind", ["_"], "unwind:"),
        ("unwind", ["for"], "unwindFor:"),
        ("unwind", ["forSegue"], "unwindForSegue:"),
        ("unwindTo", ["list"], "unwindToList:"),
        ("backFrom", ["segue"], "backFromSegue:"),
        ("unwind", ["segue"], "unwindWithSegue:"),
        ("unwind", ["_", "sender"], "unwind:sender:"),
        ("unwind", ["segue", "_"], "unwindWithSegue::"),
        ("loadURL", ["segue"], "loadURLWithSegue:"),
        ("refresh", [], "refresh"),
    ])
    func selector_followsSwiftsRule(_ base: String, _ labels: [String], _ expected: String) {
        #expect(ObjectiveCSelector.selector(base: base, labels: labels) == expected)
    }

    @Test func objectiveC_actionsTakingASegue() {
        let header = "@interface QuestionViewController : UITableViewController\n- (IBAction)exitToQuizStart:(UIStoryboardSegue *)sender;\n@end\n"
        let implementation = """
            @implementation MainMenuViewController
            - (IBAction)exitToHomeScreen:(UIStoryboardSegue *)unwindSegue { }
            - (IBAction)buttonTapped:(id)sender { }
            @end
            """
        let classes = Self.scan(["Q.h": header, "M.m": implementation])
        #expect(classes["QuestionViewController"] == ClassInfo(superclass: "UITableViewController", unwindActions: ["exitToQuizStart:"]))
        #expect(classes["MainMenuViewController"] == ClassInfo(superclass: nil, unwindActions: ["exitToHomeScreen:"]))
    }

    /// Comments, string literals and `#if 0` blocks are not code; a declaration may span lines.
    @Test func objectiveC_commentsStringsAndDisabledBlocksAreNotCode() {
        let source = """
            @implementation ListViewController // - (IBAction)trailing:(UIStoryboardSegue *)s
            // - (IBAction)commented:(UIStoryboardSegue *)sender { }
            /* - (IBAction)blockCommented:(UIStoryboardSegue *)sender { }
            */
            NSString *s = @"- (IBAction)quoted:(UIStoryboardSegue *)sender";
            #if 0
            - (IBAction)disabled:(UIStoryboardSegue *)sender { }
            #if DEBUG
            - (IBAction)nestedDisabled:(UIStoryboardSegue *)sender { }
            #endif
            #else
            - (IBAction)enabledBranch:(UIStoryboardSegue *)sender { }
            #endif
            - (IBAction)split
                :(UIStoryboardSegue *)
                sender { }
            @end
            """
        let classes = Self.scan(["L.m": source])
        #expect(classes == ["ListViewController": ClassInfo(unwindActions: ["enabledBranch:", "split:"])])
    }

    /// A class's declarations across files and extensions make one entry: every action once, sorted,
    /// and the superclass from the first file (in path order) whose declaration names one.
    @Test func declarationsOfOneClass_areMerged() {
        let extensions = (0..<3_000).map { "extension ListViewController {\n    @IBAction func back\($0 % 1_000)(_ segue: UIStoryboardSegue) {}\n}\n" }.joined()
        let classes = Self.scan([
            "A.swift": extensions,
            "B.swift": "class ListViewController: UITableViewController {\n    @IBAction func done(_ segue: UIStoryboardSegue) {}\n}\n",
            "C.swift": "class ListViewController: UIViewController {}\nextension ListViewController {\n    @IBAction func done(_ segue: UIStoryboardSegue) {}\n}\n",
            "D.m": "@interface ListViewController\n- (IBAction)fromObjC:(UIStoryboardSegue *)sender;\n@end\n",
        ])
        let expected = ((0..<1_000).map { "back\($0):" } + ["done:", "fromObjC:"]).sorted()
        #expect(classes == ["ListViewController": ClassInfo(superclass: "UITableViewController", unwindActions: expected)])
    }
}
