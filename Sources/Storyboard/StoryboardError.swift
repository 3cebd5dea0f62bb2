/// Why a storyboard could not be loaded: every problem found, each with the place it is at.
public struct StoryboardError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One problem: where it is (`scenes.item.segues[0].destination`, or a line and column in XML)
    /// and what is wrong.
    public struct Issue: Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var line: Int?
        public var column: Int?
        public init(path: String, message: String, line: Int? = nil, column: Int? = nil) {
            self.path = path
            self.message = message
            self.line = line
            self.column = column
        }
        public var description: String {
            if let line, let column { return "\(line):\(column): \(path.isEmpty ? "" : path + ": ")\(message)" }
            return path.isEmpty ? message : "\(path): \(message)"
        }
    }

    public enum Kind: String, Sendable {
        /// The bytes are not well-formed JSON or XML.
        case malformed
        /// Well-formed, but not a storyboard segued can run.
        case invalid
        /// Refused before parsing (a DTD, entity declarations).
        case refused
    }

    public var kind: Kind
    public var issues: [Issue]

    public init(kind: Kind, issues: [Issue]) {
        self.kind = kind
        self.issues = issues
    }

    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
