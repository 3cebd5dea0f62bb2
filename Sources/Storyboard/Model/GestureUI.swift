/// A gesture recognizer of a scene (`UITapGestureRecognizer`, `UISwipeGestureRecognizer`, …) as a
/// person makes its gesture: which gesture, and on which view. A prototype performs any of them by
/// a tap (``ControlUI/Kind/gestureRecognizer``): what matters is what the recognizer sends or
/// triggers, not the touches.
public struct GestureUI: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case tap, swipe, longPress, pan, screenEdgePan, pinch, rotation, hover
        /// `<gestureRecognizer customClass=…>`: a recognizer of the app's own class.
        case custom

        /// The Interface Builder element of each kind.
        public static let elements: [String: Kind] = [
            "tapGestureRecognizer": .tap, "swipeGestureRecognizer": .swipe, "longPressGestureRecognizer": .longPress,
            "panGestureRecognizer": .pan, "screenEdgePanGestureRecognizer": .screenEdgePan, "pinchGestureRecognizer": .pinch,
            "rotationGestureRecognizer": .rotation, "hoverGestureRecognizer": .hover, "gestureRecognizer": .custom,
        ]
    }

    public var kind: Kind
    /// A swipe's direction (`left`, `right`, `up`, `down`; UIKit's default is `right`) or a screen
    /// edge pan's edge (`left`, `right`, `top`, `bottom`), as Interface Builder writes it.
    public var direction: String?
    /// How many taps a tap recognizer requires (`numberOfTapsRequired`), when more than one.
    public var taps: Int?
    /// How many fingers a tap, swipe or long press requires (`numberOfTouchesRequired`), when more
    /// than one.
    public var touches: Int?
    /// The name of the view it is attached to: its label's text or button's title, else its
    /// Interface Builder label, image or class, else its kind in words (`image view`); `the view`
    /// for the scene's view itself.
    public var view: String

    public init(kind: Kind, direction: String? = nil, taps: Int? = nil, touches: Int? = nil, view: String) {
        self.kind = kind
        self.direction = direction
        self.taps = taps
        self.touches = touches
        self.view = view
    }

    /// The gesture in words: "Tap", "Double tap", "Two-finger swipe left", "Long press", "Pinch".
    public var name: String {
        var words: String
        switch kind {
        case .tap:
            switch taps ?? 1 {
            case 1: words = "Tap"
            case 2: words = "Double tap"
            case 3: words = "Triple tap"
            case let count: words = "\(count)-tap"
            }
        case .swipe: words = "Swipe \(direction ?? "right")"
        case .longPress: words = "Long press"
        case .pan: words = "Pan"
        case .screenEdgePan: words = direction.map { "Pan from the \($0) edge" } ?? "Edge pan"
        case .pinch: words = "Pinch"
        case .rotation: words = "Rotate"
        case .hover: words = "Hover"
        case .custom: words = "Gesture"
        }
        guard let touches, touches > 1 else { return words }
        let fingers = [2: "Two", 3: "Three", 4: "Four", 5: "Five"][touches] ?? "\(touches)"
        return "\(fingers)-finger \(words.prefix(1).lowercased())\(words.dropFirst())"
    }

    /// What a person calls the recognizer when no Interface Builder label names it: "Tap on Photo",
    /// "Swipe left on the view".
    public var title: String { "\(name) on \(view)" }
}
