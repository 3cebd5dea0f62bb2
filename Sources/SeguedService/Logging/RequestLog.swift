import HTTPServer
import Logging
import Synchronization

/// The request id: the client's `X-Request-ID` when it is one a log can hold (1 to 128 visible
/// ASCII characters: no space, no control character, nothing a log reader could mistake for a
/// field separator or a new line), else one made here (32 hex digits); it is returned in the
/// response's `X-Request-ID`.
enum RequestID {
    static let header = "X-Request-ID"
    static let maxLength = 128

    static func from(_ sent: String?) -> String {
        if let sent, isAcceptable(sent) { return sent }
        return made()
    }

    static func isAcceptable(_ id: String) -> Bool {
        (1...maxLength).contains(id.utf8.count) && id.everyUTF8Byte { $0 >= 0x21 && $0 <= 0x7E }
    }

    /// 32 lowercase hex digits: this process's random key, then the key-mixed count of ids made so
    /// far (splitmix64's finalizer, a bijection: no two ids of a process are equal, and ids of two
    /// processes differ by their keys). Two reads of `SystemRandomNumberGenerator` per request were
    /// two `getrandom` system calls per request (strace); an id needs to be unique, not secret.
    /// The count is kept per thread slot (its slot in the top byte), so that the server threads do
    /// not increment one shared counter on every request (``ThreadSlot``).
    static func made() -> String {
        let slot = PerThreadSlot<Count>.currentIndex
        let count = madeCounts.all[slot].value.wrappingAdd(1, ordering: .relaxed).oldValue
        return HexString.digits(processKey, mixed(processKey ^ (UInt64(slot) << 56 | count)))
    }

    private final class Count: Sendable {
        let value = Atomic<UInt64>(0)
        private let padding = CacheLinePadding()
    }
    private static let madeCounts = PerThreadSlot { Count() }

    private static let processKey: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }()

    /// splitmix64's output function (Steele, Lea, Flood 2014): a bijection on 64 bits that spreads
    /// consecutive inputs over the whole range.
    static func mixed(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SeguedService {
    /// One line at `info` per request, its facts as metadata (text: `key=value` after the message;
    /// JSON: members of the line's object): written by ``ServiceConfiguration/requestLines`` when
    /// the daemon set one, else through the logger.
    func logRequest(_ request: Request, id: String, route: Route?, response: Response, duration: Duration) {
        var session: String?
        if let route, route.endpoint.namesSession, !route.id.isEmpty { session = route.id.loggable }
        let fields = RequestLineFields(
            requestID: id, method: request.method.loggable, route: route?.template ?? "unmatched", status: response.status,
            duration: RequestDuration(duration),
            session: session, problem: Self.problemType(response))
        if let lines = configuration.requestLines {
            lines.log(fields)
        } else {
            logger.info("request", metadata: fields.metadata)
        }
    }

    /// The `type` of a problem response: the writer puts it first (`{"type":"…"`).
    static func problemType(_ response: Response) -> String? {
        // Problems are refusals (openapi.yaml: status 400-599): a success is not searched for one.
        guard response.status >= 400, response.header("Content-Type") == "application/problem+json" else { return nil }
        let prefix = Array(#"{"type":""#.utf8)
        guard response.body.starts(with: prefix) else { return nil }
        let rest = response.body[prefix.count...]
        guard let end = rest.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: rest[..<end], as: UTF8.self)
    }
}

extension Endpoint {
    /// Whether the path's `{id}` is a session's.
    var namesSession: Bool {
        switch self {
        case .session, .stack, .segues, .unwind, .actions, .events, .eventStream: true
        default: false
        }
    }
}
