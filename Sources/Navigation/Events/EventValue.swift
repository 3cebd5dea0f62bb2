public import Storyboard

/// The segue object as callbacks see it.
///
/// Immutable, and a class: a segue's description is in its transcript and in the arguments of
/// several of its events, which the answer's writer and the event log each read. As a struct in an
/// indirect enum case, every such read copied it out of the case's box (its two strings retained
/// and released: 12 copies a segue and unwind); now the events share one object, and a read
/// retains it once.
public final class SegueDescription: Sendable, Equatable {
    public let identifier: SegueID?
    /// The storyboard segue's id in its file (``Segue/id``); `nil` for a segue made in code. UIKit's
    /// segue object has no such property, so callbacks' descriptions (and scenario transcripts)
    /// leave it out; the API reports it so that a client can name a segue without an identifier,
    /// which it can only perform (and recognize) by this id.
    public let id: String?
    public let source: ControllerID
    public let destination: ControllerID?
    public let kind: SegueKind
    public init(identifier: SegueID?, kind: SegueKind, source: ControllerID, destination: ControllerID?, id: String? = nil) {
        self.identifier = identifier
        self.kind = kind
        self.source = source
        self.destination = destination
        self.id = id
    }

    /// Equal descriptions, not the same object: a restored log's events describe their segues anew.
    public static func == (lhs: SegueDescription, rhs: SegueDescription) -> Bool {
        lhs === rhs
            || (lhs.identifier == rhs.identifier && lhs.id == rhs.id && lhs.source == rhs.source
                && lhs.destination == rhs.destination && lhs.kind == rhs.kind)
    }
}

/// An argument or result of an event.
public enum EventValue: Sendable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case controller(ControllerID)
    case controllers([ControllerID])
    /// A reference (``SegueDescription`` is a class): inline as a struct, the description made
    /// every event 40 bytes larger, and in a box every read copied it.
    case segue(SegueDescription)
    case json(JSONValue)

    public static func optional(_ id: ControllerID?) -> EventValue { id.map(EventValue.controller) ?? .null }

    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .int(let int): "\(int)"
        case .string(let string): "\"\(string)\""
        case .controller(let id): id.description
        case .controllers(let ids): "[" + ids.map(\.description).joined(separator: ",") + "]"
        case .segue(let segue):
            "\(segue.identifier?.rawValue ?? "nil"):\(segue.kind.rawValue)(\(segue.source)->\(segue.destination?.description ?? "nil"))"
        case .json(let json): json.compactDescription
        }
    }
}

/// A named argument of an event, in the order UIKit's method takes them.
public struct EventArgument: Sendable, Equatable {
    public var name: String
    public var value: EventValue
    public init(_ name: String, _ value: EventValue) {
        self.name = name
        self.value = value
    }
}
