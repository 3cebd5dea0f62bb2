import Storyboard
import Testing

struct UnwindActionScannerTests {
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
        let classes = UnwindActionScanner.scan(["Meal.swift": source])
        #expect(classes["MealTableViewController"] == ClassInfo(superclass: "UITableViewController", unwindActions: ["unwindFor:", "unwindToList:", "unwindToMealListWithSender:"]))
        #expect(classes["ListViewController"]?.superclass == nil)
    }

    @Test func objectiveC_actionsTakingASegue() {
        let header = "@interface QuestionViewController : UITableViewController\n- (IBAction)exitToQuizStart:(UIStoryboardSegue *)sender;\n@end\n"
        let implementation = """
            @implementation MainMenuViewController
            - (IBAction)exitToHomeScreen:(UIStoryboardSegue *)unwindSegue { }
            - (IBAction)buttonTapped:(id)sender { }
            @end
            """
        let classes = UnwindActionScanner.scan(["Q.h": header, "M.m": implementation])
        #expect(classes["QuestionViewController"] == ClassInfo(superclass: "UITableViewController", unwindActions: ["exitToQuizStart:"]))
        #expect(classes["MainMenuViewController"] == ClassInfo(superclass: nil, unwindActions: ["exitToHomeScreen:"]))
    }

    /// A class's declarations across files and extensions make one entry: every action once, sorted,
    /// and the superclass from the first file (in path order) whose declaration names one.
    @Test func declarationsOfOneClass_areMerged() {
        let extensions = (0..<3_000).map { "extension ListViewController {\n    @IBAction func back\($0 % 1_000)(_ segue: UIStoryboardSegue) {}\n}\n" }.joined()
        let classes = UnwindActionScanner.scan([
            "A.swift": extensions,
            "B.swift": "class ListViewController: UITableViewController {\n    @IBAction func done(_ segue: UIStoryboardSegue) {}\n}\n",
            "C.swift": "class ListViewController: UIViewController {}\nextension ListViewController {\n    @IBAction func done(_ segue: UIStoryboardSegue) {}\n}\n",
            "D.m": "@interface ListViewController\n- (IBAction)fromObjC:(UIStoryboardSegue *)sender;\n@end\n",
        ])
        let expected = ((0..<1_000).map { "back\($0):" } + ["done:", "fromObjC:"]).sorted()
        #expect(classes == ["ListViewController": ClassInfo(superclass: "UITableViewController", unwindActions: expected)])
    }
}
