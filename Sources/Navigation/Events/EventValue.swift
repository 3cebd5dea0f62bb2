public import Storyboard

/// The segue object as callbacks see it.
///
/// Its fields go largest first (56 bytes, where the declaration order padded it to 64): a session
/// keeps one in each segue's operation record.
public struct SegueDescription: Sendable, Equatable {
    public var identifier: SegueID?
    /// The storyboard segue's id in its file (``Segue/id``); `nil` for a segue made in code. UIKit's
    /// segue object has no such property, so callbacks' descriptions (and scenario transcripts)
    /// leave it out; the API reports it so that a client can name a segue without an identifier,
    /// which it can only perform (and recognize) by this id.
    public var id: String?
    public var source: ControllerID
    public var destination: ControllerID?
    public var kind: SegueKind
    public init(identifier: SegueID?, kind: SegueKind, source: ControllerID, destination: ControllerID?, id: String? = nil) {
        self.identifier = identifier
        self.kind = kind
        self.source = source
        self.destination = destination
        self.id = id
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
    // Boxed: inline, the description made every event 40 bytes larger and every event copy
    // costlier; the box costs less (callgrind, bench-engine pushpop).
    indirect case segue(SegueDescription)
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
