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
}
