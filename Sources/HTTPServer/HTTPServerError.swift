/// Why the HTTP server could not start.
public struct HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable {
        /// The host is not an IPv4 or IPv6 address literal.
        case invalidAddress
        /// libmicrohttpd refused to start (port in use, no permission, resources).
        case startFailed
        case alreadyStarted
    }
    public var code: Code
    public var detail: String
    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }
    public var description: String { "\(code.rawValue): \(detail)" }
}
