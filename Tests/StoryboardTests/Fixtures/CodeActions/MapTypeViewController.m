@implementation MapTypeViewController
- (IBAction)choseMapType:(id)sender {
    UISegmentedControl *control = (UISegmentedControl *)sender;
    NSNumber *mapType;
    switch (control.selectedSegmentIndex) {
        case MKMapTypeSatellite:
            mapType = [NSNumber numberWithInt:MKMapTypeSatellite];
            break;
        case MKMapTypeHybrid:
            mapType = [NSNumber numberWithInt:MKMapTypeHybrid];
            break;            
        default:
            mapType = [NSNumber numberWithInt:MKMapTypeStandard];
            break;
    }
    if (self.delegate && [self.delegate respondsToSelector:@selector(mapTypeControllerDidChange:mapType:)]) {
        [self.delegate performSelector:@selector(mapTypeControllerDidChange:mapType:) 
                            withObject:self 
                            withObject:mapType];
    }
    [self dismissViewControllerAnimated:YES completion:nil];
}
@end
