typedef NS_ENUM(NSInteger, SettingsSection) {
    SettingsSectionAccount = 0,
    SettingsSectionApp,
    SettingsSectionHelp,
    SettingsSectionVersion,
    SettingsSectionDanger,
};
static const int SettingsLoggedInSectionCount = 5;
static const int SettingsLoggedOutSectionCount = 4;

typedef NS_ENUM(NSInteger, SettingsHelpCell) {
    SettingsHelpCellTutorial = 0,
    SettingsHelpCellContact,
    SettingsHelpCellReview,
    SettingsHelpCellStore,
    SettingsHelpCellDonate
};
static const int SettingsHelpRowCount = 5;

typedef NS_ENUM(NSInteger, SettingsAppCell) {
    SettingsAppCellChangeUsername = 0,
    SettingsAppCellChangeEmail,
    SettingsAppCellAutocompleteNames,
    SettingsAppCellAutomaticUpload,
    SettingsAppCellSuggestSpecies,
    SettingsAppCellShowCommonNames,
    SettingsAppCellShowScientficNamesFirst,
    SettingsAppCellPreferNoTracking,
    SettingsAppCellNetwork
};
static const int SettingsAppRowCount = 9;

typedef NS_ENUM(NSInteger, SettingsAccountCell) {
    SettingsAccountCellUsername,
    SettingsAccountCellEmail,
    SettingsAccountCellAction
};

typedef NS_ENUM(NSInteger, SettingsDangerCell) {
    SettingsDangerCellDeleteAccount
};


static const int SettingsAccountRowCountLoggedIn = 3;
static const int SettingsAccountRowCountLoggedOut = 1;
static const int SettingsVersionRowCount = 1;
static const int SettingsDangerRowCount = 1;


@implementation SettingsViewController

- (void)presentSignup {
    UIStoryboard *storyboard = [UIStoryboard storyboardWithName:@"Onboarding" bundle:nil];
    OnboardingLoginViewController *login = [storyboard instantiateViewControllerWithIdentifier:@"onboarding-login"];
    login.skippable = NO;
    [self presentViewController:login animated:YES completion:nil];
}

- (void)networkUnreachableAlert
{
    UIAlertController *alert = [UIAlertController alertControllerWithTitle:NSLocalizedString(@"Internet connection required",nil)
                                                                   message:NSLocalizedString(@"Try again next time you're connected to the Internet.",nil)
                                                            preferredStyle:UIAlertControllerStyleAlert];
    [alert addAction:[UIAlertAction actionWithTitle:NSLocalizedString(@"OK", nil)
                                             style:UIAlertActionStyleDefault
                                            handler:nil]];
    [self presentViewController:alert animated:YES completion:nil];
}


- (void)launchDonate {
#ifdef INatDonateURL
    if ([[INatReachability sharedClient] isNetworkReachable]) {
        NSURL *url = [NSURL URLWithString:INatDonateURL];
        if ([UIApplication.sharedApplication canOpenURL:url]) {
            [UIApplication.sharedApplication openURL:url
                                             options:@{}
                                   completionHandler:nil];
        }
    } else {
        [self networkUnreachableAlert];
    }
#else
    UIAlertController *alert = [UIAlertController alertControllerWithTitle:NSLocalizedString(@"Cannot donate", @"Failure message")
                                                                   message:NSLocalizedString(@"No URL configured", nil)
                                                            preferredStyle:UIAlertControllerStyleAlert];
    [alert addAction:[UIAlertAction actionWithTitle:NSLocalizedString(@"OK", nil)
                                              style:UIAlertActionStyleDefault
                                            handler:nil]];
    [self presentViewController:alert animated:YES completion:nil];
#endif
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    [tableView deselectRowAtIndexPath:indexPath animated:YES];
    
    INaturalistAppDelegate *appDelegate = (INaturalistAppDelegate *)[[UIApplication sharedApplication] delegate];
    if (indexPath.section == SettingsSectionApp) {
        if (indexPath.item == SettingsAppCellChangeUsername) {
            if (![appDelegate.loginController isLoggedIn]) {
                [self presentSignup];
            } else {
                [self tappedUsername];
            }
        } else if (indexPath.item == SettingsAppCellChangeEmail) {
            if (![appDelegate.loginController isLoggedIn]) {
                [self presentSignup];
            } else {
                [self tappedEmail];
            }
        } else if (indexPath.item == SettingsAppCellNetwork) {
			if (![appDelegate.loginController isLoggedIn]) {
				[self presentSignup];
            } else {
                [self choseToChangeNetworkPartner];
            }
            
            return;
        } else {
            // do nothing
            return;
        }
    } else if (indexPath.section == SettingsSectionHelp) {
        if (indexPath.item == SettingsHelpCellTutorial) {
            [self launchTutorial];
        } else if (indexPath.item == SettingsHelpCellContact) {
            [self sendSupportEmail];
        } else if (indexPath.item == SettingsHelpCellReview) {
            [self launchRateUs];
        } else if (indexPath.item == SettingsHelpCellStore) {
            [self launchStore];
        } else if (indexPath.item == SettingsHelpCellDonate) {
            [self launchDonate];
        }
    } else if (indexPath.section == SettingsSectionAccount) {
        INaturalistAppDelegate *appDelegate = (INaturalistAppDelegate *)[[UIApplication sharedApplication] delegate];
        if (indexPath.item == SettingsAccountCellUsername) {
            if ([appDelegate.loginController isLoggedIn]) {
                [self tappedUsername];
            } else {
                if ([[INatReachability sharedClient] isNetworkReachable]) {
                    [self presentSignup];
                } else {
                    [self networkUnreachableAlert];
                }
            }
        } else if (indexPath.item == SettingsAccountCellEmail) {
            if ([appDelegate.loginController isLoggedIn]) {
                [self tappedEmail];
            } else {
                if ([[INatReachability sharedClient] isNetworkReachable]) {
                    [self presentSignup];
                } else {
                    [self networkUnreachableAlert];
                }
            }
        } else if (indexPath.item == SettingsAccountCellAction) {
            if ([appDelegate.loginController isLoggedIn]) {
                [self clickedSignOut];
            } else {
                if ([[INatReachability sharedClient] isNetworkReachable]) {
                    [self presentSignup];
                } else {
                    [self networkUnreachableAlert];
                }
            }
        }
    } else if (indexPath.section == SettingsSectionDanger) {
        [self tappedDeleteAccount];
    }
}

@end
