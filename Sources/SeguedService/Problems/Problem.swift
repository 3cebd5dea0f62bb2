/// An RFC 9457 problem document: what every failed request answers with.
/// See https://www.rfc-editor.org/rfc/rfc9457
public struct Problem: Error, Sendable {
    /// A stable `urn:segued:problem:<code>` per cause (or `about:blank` for unmapped failures).
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    /// Extension members (e.g. `errors` for storyboard validation, `currentRevision`).
    public var extensions: [(String, ExtensionValue)]
    /// Extra response headers (`Allow` on 405).
    public var headers: [(String, String)]

    public enum ExtensionValue: Sendable {
        case string(String)
        case int(Int)
        case strings([String])
        /// Validation issues: path, message and, for XML, line and column.
        case issues([(path: String, message: String, line: Int?, column: Int?)])
    }

    /// `type`, `title` and `status` all come from `kind`: one title and one status per type.
    public init(_ kind: ProblemType, detail: String, extensions: [(String, ExtensionValue)] = [], headers: [(String, String)] = []) {
        self.type = kind.uri
        self.title = kind.title
        self.status = kind.status
        self.detail = detail
        self.extensions = extensions
        self.headers = headers
    }

    /// The last part of `type`.
    public var code: String { String(type.split(separator: ":").last ?? "") }

    /// An unexpected failure: no internal detail leaks to the client (it is logged instead).
    /// `about:blank` (RFC 9457 §4.2.1): its title is the status's reason phrase.
    public static let internalError = Problem(
        type: "about:blank", title: "Internal Server Error", status: 500, detail: "The server failed to answer this request.",
        extensions: [], headers: [])

    private init(type: String, title: String, status: Int, detail: String, extensions: [(String, ExtensionValue)], headers: [(String, String)]) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.extensions = extensions
        self.headers = headers
    }
}

/// An error that knows which problem document describes it.
protocol ProblemConvertible: Error {
    var problem: Problem { get }
}

extension Problem: ProblemConvertible {
    var problem: Problem { self }
}
