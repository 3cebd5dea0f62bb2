// A stand-in for the question screen of Apple's UnwindSegue sample, written for segued's README
// walkthrough and tests (not taken from the sample). It declares the unwind action the results
// screen's "Start Over" cell's Exit segue names (`exitToQuizStart:`), so that unwinding to it lands on
// the first question of the navigation stack.

#import <UIKit/UIKit.h>

@interface QuestionViewController : UITableViewController
@property (nonatomic) NSUInteger questionIndex;
@end

@implementation QuestionViewController

// Unwinding here pops the questions pushed over the first one and the results screen.
- (IBAction)exitToQuizStart:(UIStoryboardSegue *)unwindSegue
{
    self.questionIndex = 0;
    [self.tableView reloadData];
}

@end
