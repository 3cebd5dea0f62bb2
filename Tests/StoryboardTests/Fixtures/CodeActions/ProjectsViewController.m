@implementation ProjectsViewController
- (void)showSignupPrompt:(NSString *)reason {
    __weak typeof(self) weakSelf = self;
    
    UIStoryboard *storyboard = [UIStoryboard storyboardWithName:@"Onboarding" bundle:nil];
    OnboardingLoginViewController *login = [storyboard instantiateViewControllerWithIdentifier:@"onboarding-login"];
    login.skippable = NO;
    login.closeAction = ^{
        __strong typeof(weakSelf) strongSelf = weakSelf;
        // switch back to featured
        [strongSelf.listControl setSelectedSegmentIndex:ListControlIndexFeatured];
        [strongSelf dismissViewControllerAnimated:YES completion:nil];
    };
    [weakSelf presentViewController:login animated:YES completion:nil];
}
@end
