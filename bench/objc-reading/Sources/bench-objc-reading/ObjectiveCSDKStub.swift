/// What Objective-C sources need of the iOS SDK to be parsed without it (``ObjectiveCClangReader``):
/// the types, macros and properties the navigation calls go through, given to libclang for
/// `<UIKit/UIKit.h>`, `<Foundation/Foundation.h>` and the other frameworks' umbrella headers. Not
/// the SDK: a message to a method it does not declare is only a warning outside ARC, but a type or
/// a property it lacks is an error that loses the statement, so the classes and properties an
/// action's body commonly names are here.
enum ObjectiveCSDKStub {
    /// The framework umbrella headers answered with the stub (`<UIKit/UIKit.h>` …).
    static let frameworks = [
        "Availability", "TargetConditionals",
        "UIKit", "Foundation", "CoreGraphics", "QuartzCore", "MapKit", "CoreLocation", "CoreData", "MessageUI",
        "SafariServices", "AVFoundation", "Photos", "MobileCoreServices", "Social", "WebKit", "StoreKit",
    ]

    static let text = """
        #ifndef SEGUED_SDK_STUB
        #define SEGUED_SDK_STUB
        typedef signed char BOOL;
        #define YES ((BOOL)1)
        #define NO ((BOOL)0)
        #define nil ((id)0)
        #define Nil ((Class)0)
        #define NULL ((void *)0)
        #define IBAction void __attribute__((ibaction))
        #define IBOutlet __attribute__((iboutlet))
        #define IBOutletCollection(type) __attribute__((iboutletcollection(type)))
        #define IBInspectable
        #define IB_DESIGNABLE
        #define NS_ASSUME_NONNULL_BEGIN
        #define NS_ASSUME_NONNULL_END
        #define NS_DESIGNATED_INITIALIZER
        #define NS_UNAVAILABLE
        #define NS_REQUIRES_SUPER
        #define API_AVAILABLE(...)
        #define API_DEPRECATED(...)
        #define NS_AVAILABLE_IOS(...)
        #define NS_DEPRECATED_IOS(...)
        #define UI_APPEARANCE_SELECTOR
        #define NS_ENUM(type, name) enum name : type name; enum name : type
        #define NS_OPTIONS(type, name) enum name : type name; enum name : type
        #define FOUNDATION_EXPORT extern
        #define UIKIT_EXTERN extern
        #define NS_SWIFT_NAME(name)
        #define NS_REFINED_FOR_SWIFT
        #define nullable
        #define nonnull
        #define _Nullable
        #define _Nonnull
        #define __nullable
        #define __nonnull
        #define NSLocalizedString(key, comment) (key)
        #define NSLocalizedStringFromTable(key, table, comment) (key)
        typedef signed char int8_t;
        typedef short int16_t;
        typedef int int32_t;
        typedef long long int64_t;
        typedef unsigned char uint8_t;
        typedef unsigned short uint16_t;
        typedef unsigned int uint32_t;
        typedef unsigned long long uint64_t;
        typedef unsigned long size_t;
        typedef long ssize_t;
        typedef unsigned long uintptr_t;
        #define NSEC_PER_SEC 1000000000ull
        #define NSEC_PER_MSEC 1000000ull
        #define DISPATCH_TIME_NOW (0ull)
        #define DISPATCH_TIME_FOREVER (~0ull)
        #define MIN(a, b) ((a) < (b) ? (a) : (b))
        #define MAX(a, b) ((a) > (b) ? (a) : (b))
        #define M_PI 3.14159265358979323846
        #define NSNotFound 0x7fffffffffffffffL
        #define CGRectZero ((CGRect){{0, 0}, {0, 0}})
        #define CGPointZero ((CGPoint){0, 0})
        #define CGSizeZero ((CGSize){0, 0})
        typedef long NSInteger;
        typedef unsigned long NSUInteger;
        typedef double CGFloat;
        typedef double NSTimeInterval;
        typedef struct CGPoint { CGFloat x; CGFloat y; } CGPoint;
        typedef struct CGSize { CGFloat width; CGFloat height; } CGSize;
        typedef struct CGRect { CGPoint origin; CGSize size; } CGRect;
        typedef struct NSRange { NSUInteger location; NSUInteger length; } NSRange;
        typedef struct UIEdgeInsets { CGFloat top, left, bottom, right; } UIEdgeInsets;
        typedef void *dispatch_queue_t;
        typedef unsigned long long dispatch_time_t;
        void dispatch_async(dispatch_queue_t queue, void (^block)(void));
        void dispatch_after(dispatch_time_t when, dispatch_queue_t queue, void (^block)(void));
        dispatch_queue_t dispatch_get_main_queue(void);
        dispatch_time_t dispatch_time(dispatch_time_t when, long long delta);
        void NSLog(id format, ...);
        CGRect CGRectMake(CGFloat x, CGFloat y, CGFloat width, CGFloat height);
        CGPoint CGPointMake(CGFloat x, CGFloat y);
        CGSize CGSizeMake(CGFloat width, CGFloat height);
        @class NSString, NSArray, NSDictionary, NSSet, NSURL, NSData, NSDate, NSError, NSNumber, NSBundle, NSIndexPath, Protocol;
        @protocol NSObject
        - (BOOL)respondsToSelector:(SEL)selector;
        - (BOOL)conformsToProtocol:(Protocol *)protocol;
        - (BOOL)isKindOfClass:(Class)kind;
        - (id)performSelector:(SEL)selector;
        - (id)performSelector:(SEL)selector withObject:(id)object;
        - (id)performSelector:(SEL)selector withObject:(id)object withObject:(id)other;
        @end
        @protocol NSCopying @end
        @protocol NSCoding @end
        @protocol NSSecureCoding @end
        @protocol NSFastEnumeration @end
        @interface NSObject <NSObject>
        + (instancetype)alloc;
        + (instancetype)new;
        + (Class)class;
        - (Class)class;
        - (instancetype)init;
        - (id)copy;
        - (NSString *)description;
        @end
        @interface NSString : NSObject <NSCopying>
        + (instancetype)stringWithFormat:(NSString *)format, ...;
        @property (readonly) NSUInteger length;
        @end
        @interface NSMutableString : NSString @end
        @interface NSArray<ObjectType> : NSObject <NSFastEnumeration>
        + (instancetype)arrayWithObjects:(const id [])objects count:(NSUInteger)count;
        @property (readonly) NSUInteger count;
        - (ObjectType)objectAtIndex:(NSUInteger)index;
        - (ObjectType)objectAtIndexedSubscript:(NSUInteger)index;
        @property (readonly) ObjectType firstObject;
        @property (readonly) ObjectType lastObject;
        @end
        @interface NSMutableArray<ObjectType> : NSArray<ObjectType>
        - (void)setObject:(ObjectType)object atIndexedSubscript:(NSUInteger)index;
        @end
        @interface NSDictionary<KeyType, ObjectType> : NSObject <NSFastEnumeration>
        + (instancetype)dictionaryWithObjects:(const id [])objects forKeys:(const id [])keys count:(NSUInteger)count;
        - (ObjectType)objectForKeyedSubscript:(KeyType)key;
        - (ObjectType)objectForKey:(KeyType)key;
        @end
        @interface NSMutableDictionary<KeyType, ObjectType> : NSDictionary<KeyType, ObjectType>
        - (void)setObject:(ObjectType)object forKeyedSubscript:(KeyType)key;
        @end
        @interface NSSet<ObjectType> : NSObject <NSFastEnumeration> @property (readonly) NSUInteger count; @end
        @interface NSMutableSet<ObjectType> : NSSet<ObjectType> @end
        @interface NSNumber : NSObject
        + (NSNumber *)numberWithInt:(int)value;
        + (NSNumber *)numberWithInteger:(NSInteger)value;
        + (NSNumber *)numberWithUnsignedInteger:(NSUInteger)value;
        + (NSNumber *)numberWithLong:(long)value;
        + (NSNumber *)numberWithUnsignedLong:(unsigned long)value;
        + (NSNumber *)numberWithLongLong:(long long)value;
        + (NSNumber *)numberWithFloat:(float)value;
        + (NSNumber *)numberWithDouble:(double)value;
        + (NSNumber *)numberWithBool:(BOOL)value;
        @property (readonly) NSInteger integerValue;
        @property (readonly) BOOL boolValue;
        @end
        @interface NSValue : NSObject @end
        @interface NSURL : NSObject @end
        @interface NSData : NSObject @end
        @interface NSDate : NSObject @end
        @interface NSError : NSObject @property (readonly) NSString *localizedDescription; @end
        @interface NSBundle : NSObject + (NSBundle *)mainBundle; @end
        @interface NSIndexPath : NSObject
        @property (readonly) NSInteger section;
        @property (readonly) NSInteger row;
        @property (readonly) NSInteger item;
        @end
        @interface NSIndexSet : NSObject @end
        @interface NSNotification : NSObject @end
        @interface NSNotificationCenter : NSObject + (NSNotificationCenter *)defaultCenter; @end
        @interface NSUserDefaults : NSObject + (NSUserDefaults *)standardUserDefaults; @end
        @interface NSTimer : NSObject @end
        @interface NSPredicate : NSObject @end
        @interface NSFetchedResultsController : NSObject @end
        @interface NSManagedObject : NSObject @end
        @interface NSManagedObjectContext : NSObject @end
        @interface UIResponder : NSObject @end
        @interface UIColor : NSObject @end
        @interface UIFont : NSObject @end
        @interface UIImage : NSObject @end
        @interface UIEvent : NSObject @property (readonly) NSSet *allTouches; @end
        @interface UITouch : NSObject @end
        @interface UIStoryboard : NSObject
        + (UIStoryboard *)storyboardWithName:(NSString *)name bundle:(NSBundle *)bundle;
        - (id)instantiateViewControllerWithIdentifier:(NSString *)identifier;
        - (id)instantiateInitialViewController;
        @end
        @class UINavigationController, UITabBarController, UISplitViewController, UINavigationItem, UIBarButtonItem, UIView;
        @interface UIViewController : UIResponder
        @property (strong) UIView *view;
        @property (copy) NSString *title;
        @property (readonly) UIStoryboard *storyboard;
        @property (readonly) UINavigationController *navigationController;
        @property (readonly) UITabBarController *tabBarController;
        @property (readonly) UISplitViewController *splitViewController;
        @property (readonly) UIViewController *presentingViewController;
        @property (readonly) UIViewController *presentedViewController;
        @property (readonly) UIViewController *parentViewController;
        @property (readonly) UINavigationItem *navigationItem;
        @property (readonly) NSArray *childViewControllers;
        @property (assign) NSInteger modalPresentationStyle;
        @property (assign) NSInteger modalTransitionStyle;
        @property (readonly) BOOL isBeingPresented;
        - (void)dismissViewControllerAnimated:(BOOL)animated completion:(void (^)(void))completion;
        - (void)presentViewController:(UIViewController *)controller animated:(BOOL)animated completion:(void (^)(void))completion;
        - (void)performSegueWithIdentifier:(NSString *)identifier sender:(id)sender;
        - (void)showViewController:(UIViewController *)controller sender:(id)sender;
        - (void)showDetailViewController:(UIViewController *)controller sender:(id)sender;
        @end
        @interface UINavigationController : UIViewController
        - (instancetype)initWithRootViewController:(UIViewController *)root;
        @property (copy) NSArray *viewControllers;
        @property (readonly) UIViewController *topViewController;
        @property (readonly) UIViewController *visibleViewController;
        - (void)pushViewController:(UIViewController *)controller animated:(BOOL)animated;
        - (UIViewController *)popViewControllerAnimated:(BOOL)animated;
        - (NSArray *)popToRootViewControllerAnimated:(BOOL)animated;
        - (NSArray *)popToViewController:(UIViewController *)controller animated:(BOOL)animated;
        @end
        @interface UITabBarController : UIViewController
        @property (copy) NSArray *viewControllers;
        @property (assign) NSUInteger selectedIndex;
        @property (assign) UIViewController *selectedViewController;
        @end
        @interface UISplitViewController : UIViewController @property (copy) NSArray *viewControllers; @end
        @interface UIView : UIResponder
        @property (assign) CGRect frame;
        @property (assign) CGRect bounds;
        @property (assign) BOOL hidden;
        @property (assign) NSInteger tag;
        @property (readonly) UIView *superview;
        @property (strong) UIColor *backgroundColor;
        - (void)addSubview:(UIView *)view;
        @end
        @interface UIControl : UIView @property (assign) BOOL enabled; @property (assign) BOOL selected; @end
        @interface UIButton : UIControl @end
        @interface UISwitch : UIControl @property (assign) BOOL on; @end
        @interface UISlider : UIControl @property (assign) float value; @end
        @interface UISegmentedControl : UIControl @property (assign) NSInteger selectedSegmentIndex; @end
        @interface UITextField : UIControl @property (copy) NSString *text; @end
        @interface UITextView : UIView @property (copy) NSString *text; @end
        @interface UILabel : UIView @property (copy) NSString *text; @end
        @interface UIImageView : UIView @property (strong) UIImage *image; @end
        @interface UIScrollView : UIView @end
        @interface UITableViewCell : UIView @property (readonly) UILabel *textLabel; @property (readonly) UILabel *detailTextLabel; @end
        @interface UITableView : UIScrollView
        - (NSIndexPath *)indexPathForSelectedRow;
        - (NSIndexPath *)indexPathForCell:(UITableViewCell *)cell;
        - (void)reloadData;
        @end
        @interface UICollectionViewCell : UIView @end
        @interface UICollectionView : UIScrollView - (void)reloadData; @end
        @interface UIWebView : UIView @end
        @interface UISearchBar : UIView @end
        @interface UIToolbar : UIView @end
        @interface UINavigationBar : UIView @end
        @interface UIActivityIndicatorView : UIView @end
        @interface UIWindow : UIView @property (strong) UIViewController *rootViewController; @end
        @interface UIBarItem : NSObject @end
        @interface UIBarButtonItem : UIBarItem @end
        @interface UINavigationItem : NSObject
        @property (strong) UIBarButtonItem *leftBarButtonItem;
        @property (strong) UIBarButtonItem *rightBarButtonItem;
        @end
        @interface UIGestureRecognizer : NSObject @property (readonly) UIView *view; @end
        @interface UITapGestureRecognizer : UIGestureRecognizer @end
        @interface UIStoryboardSegue : NSObject
        @property (readonly) NSString *identifier;
        @property (readonly) id sourceViewController;
        @property (readonly) id destinationViewController;
        @end
        @interface UITableViewController : UIViewController @property (strong) UITableView *tableView; @end
        @interface UICollectionViewController : UIViewController @property (strong) UICollectionView *collectionView; @end
        @interface UIAlertAction : NSObject
        + (instancetype)actionWithTitle:(NSString *)title style:(NSInteger)style handler:(void (^)(UIAlertAction *action))handler;
        @end
        @interface UIAlertController : UIViewController
        + (instancetype)alertControllerWithTitle:(NSString *)title message:(NSString *)message preferredStyle:(NSInteger)style;
        - (void)addAction:(UIAlertAction *)action;
        @end
        @interface UIActivityViewController : UIViewController @end
        @interface UIImagePickerController : UINavigationController @end
        @interface UIApplication : UIResponder + (UIApplication *)sharedApplication; @property (strong) id delegate; @end
        @protocol UITableViewDelegate <NSObject> @end
        @protocol UITableViewDataSource <NSObject> @end
        @protocol UICollectionViewDelegate <NSObject> @end
        @protocol UICollectionViewDataSource <NSObject> @end
        @protocol UITextFieldDelegate <NSObject> @end
        @protocol UIScrollViewDelegate <NSObject> @end
        @protocol UIApplicationDelegate <NSObject> @end
        @protocol UINavigationControllerDelegate <NSObject> @end
        @protocol UIImagePickerControllerDelegate <NSObject> @end
        @protocol UIGestureRecognizerDelegate <NSObject> @end
        @protocol UISearchBarDelegate <NSObject> @end
        @protocol UIAlertViewDelegate <NSObject> @end
        @protocol UIActionSheetDelegate <NSObject> @end
        @protocol UIWebViewDelegate <NSObject> @end
        @protocol NSFetchedResultsControllerDelegate <NSObject> @end
        #endif

        """
}
