@implementation ObservationsViewController
- (IBAction)tappedActivity:(id)sender event:(UIEvent *)event {
    CGPoint currentTouchPosition = [event.allTouches.anyObject locationInView:self.tableView];
    NSIndexPath *indexPath = [self.tableView indexPathForRowAtPoint:currentTouchPosition];
    id <ObservationVisualization> o = [self.myObservations objectAtIndex:indexPath.item];
    
    // fake selection animation
    [self.tableView selectRowAtIndexPath:indexPath animated:YES scrollPosition:UITableViewScrollPositionNone];
    [self.tableView deselectRowAtIndexPath:indexPath animated:YES];
    
    // since the user tapped the activity section, show it if there is any
    if (o.activityCount > 0) {
        [self performSegueWithIdentifier:@"obsDetailV2ShowActivity" sender:o];
    } else {
        [self performSegueWithIdentifier:@"obsDetailV2" sender:o];
    }
}
@end
