// A stand-in for the main menu controller of Apple's UnwindSegue sample, written for segued's
// README walkthrough and tests (not taken from the sample). Only what segued reads from sources
// matters here: the class, its superclass, and the unwind action the results screen's Exit
// segue names (`exitToHomeScreen:`), which a storyboard does not record.

#import <UIKit/UIKit.h>

@interface MainMenuViewController : UIViewController
@end

@implementation MainMenuViewController

// The results screen's "Return To The Menu Screen" cell unwinds here: the quiz, presented from this menu, is dismissed.
- (IBAction)exitToHomeScreen:(UIStoryboardSegue *)unwindSegue
{
    NSLog(@"back on the main menu from %@", unwindSegue.sourceViewController);
}

@end
