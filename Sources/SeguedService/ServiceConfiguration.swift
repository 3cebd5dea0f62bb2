public import Navigation

/// What the service allows and defaults to; `segued serve` fills it from its options.
public struct ServiceConfiguration: Sendable {
    /// Live sessions beyond this are refused with a 503 problem.
    public var maxSessions: Int
    /// Storyboards held at once (the demo and the operator's included); uploads of new ones beyond it
    /// are refused with a 409 problem.
    public var maxStoryboards: Int
    /// The held storyboards' total size, as their normalized JSON; a new upload that would pass it is
    /// refused with a 409 problem. In memory a storyboard takes 3 to 20 times its normalized size
    /// (measured: many segues 2.8, a chain of scenes 11.6, many small scenes 20.1).
    public var maxStoryboardBytes: Int
    /// Live view controllers per session; operations that would pass it (``Command/instancesAsked``)
    /// are refused with a 409 problem until some are popped, dismissed or unwound.
    public var maxInstances: Int
    /// Client data (`data` of segues, unwinds, pushes and presentations, about its size as JSON) a
    /// session's view controllers hold; operations handing over more are refused with a 409 problem.
    public var maxSessionData: Int
    /// Bytes a session's walk (``SessionWalk``: its commands since launch and their data, what
    /// `GET …/flow` is written from) may hold; past them the walk stops and the flow answers 409,
    /// saying at which revision (issue 53: a flow of 250 MB of walk took the daemon past its budget).
    public var maxWalkBytes: Int
    /// 8 MiB (``SessionWalk/defaultByteCapacity`` says why).
    public static let defaultMaxWalkBytes = 8 << 20
    /// Sessions unused for longer than this are ended by ``SeguedService/expireIdleSessions()``.
    public var sessionTTL: Duration
    /// Events kept per session for `GET …/events`; older ones are dropped.
    public var eventLogCapacity: Int
    /// Bytes of events kept per session beyond the latest operation's (events carry the `sender`
    /// clients send); older ones are dropped.
    public var eventLogBytes: Int
    /// The profile of sessions created without one.
    public var defaultProfile: Profile
    /// The body limit of every request but storyboard uploads (``SeguedService/bodyLimit(method:path:)``).
    public var maxBodySize: Int
    /// The body limit of storyboard uploads (`POST /v1/storyboards`): an app's bundle of a dozen
    /// storyboards is 1 to 5 MB of JSON.
    public var maxUploadSize: Int
    /// Open event streams in all, and per session; more are refused with a 503 problem.
    public var maxStreams: Int
    public var maxStreamsPerSession: Int
    /// Bytes a stream may hold for a client that does not read (beyond the backlog it asked for);
    /// past it the stream is dropped.
    public var maxStreamQueue: Int
    /// Bearer token and loopback `Host` checks (``AccessPolicy``); none by default.
    public var access: AccessPolicy
    /// Whether every request is logged at `info` (one line: request id, method, route, session,
    /// status, problem type, duration); `segued serve` sets it unless `--quiet-requests`. Off by
    /// default so that a service made in a test or a benchmark writes no line per request.
    public var logRequests: Bool = false
    /// Writes the request lines as bytes, bypassing swift-log (``RequestLineWriter``: the same
    /// lines at a tenth of the cost); `segued serve` sets it. nil: request lines go through the
    /// service's logger (tests capture them there).
    public var requestLines: RequestLineWriter? = nil
    /// This daemon's name in a cluster (`--node-id`): the ids it mints start with it and a `-`
    /// (``NodeID``), and every answer carries it in `Segued-Node`. nil: ids and answers as alone.
    public var nodeID: String? = nil
    /// Where storyboards this node does not hold are fetched from when a session needs one
    /// (`--peer-url`, ``SeguedService/storyboard(_:)``); nil: never.
    public var storyboardPeer: (any StoryboardPeer)? = nil
    /// The buffer the daemon's log lines go through (``LogBuffer``), whose dropped lines `/metrics`
    /// reports as `segued_log_lines_dropped_total`; `nil` (the metric reads 0) when the logger
    /// writes elsewhere.
    public var logBuffer: LogBuffer?
    /// The memory budget (``MemoryBudget``): what sessions and storyboards may hold, in bytes, as
    /// the service estimates it; past it new sessions, uploads and commands that grow a session are
    /// refused with a 503 problem. `segued serve` defaults it from the machine
    /// (``ServiceConfiguration/machineMemoryBudget``); `Int.max` here, no budget.
    public var maxMemory: Int

    public init(
        maxSessions: Int = 100_000, maxStoryboards: Int = 1_000, maxStoryboardBytes: Int = 16 << 20,
        maxInstances: Int = 10_000, maxSessionData: Int = 1 << 20, maxWalkBytes: Int = ServiceConfiguration.defaultMaxWalkBytes,
        sessionTTL: Duration = .seconds(3600), eventLogCapacity: Int = 10_000, eventLogBytes: Int = 1 << 20,
        defaultProfile: Profile = .ios17, maxBodySize: Int = 1 << 20,
        maxUploadSize: Int = 16 << 20, maxMemory: Int = .max,
        maxStreams: Int = 2_048, maxStreamsPerSession: Int = 32, maxStreamQueue: Int = 256 << 10,
        access: AccessPolicy = AccessPolicy()
    ) {
        self.maxMemory = maxMemory
        self.maxSessions = maxSessions
        self.maxStoryboards = maxStoryboards
        self.maxStoryboardBytes = maxStoryboardBytes
        self.maxInstances = maxInstances
        self.maxSessionData = maxSessionData
        self.maxWalkBytes = maxWalkBytes
        self.sessionTTL = sessionTTL
        self.eventLogCapacity = eventLogCapacity
        self.eventLogBytes = eventLogBytes
        self.defaultProfile = defaultProfile
        self.maxBodySize = maxBodySize
        self.maxUploadSize = maxUploadSize
        self.maxStreams = maxStreams
        self.maxStreamsPerSession = maxStreamsPerSession
        self.maxStreamQueue = maxStreamQueue
        self.access = access
    }
}

extension ServiceConfiguration {
    /// Half the memory the process may use: the smaller of physical memory and the cgroup's limit.
    public static var machineMemoryBudget: Int { MemoryBudget.machineDefault() }

    var sessionLimits: Session.Limits {
        Session.Limits(logCapacity: eventLogCapacity, logBytes: eventLogBytes, instances: maxInstances, dataBytes: maxSessionData,
            walkBytes: maxWalkBytes)
    }
}
