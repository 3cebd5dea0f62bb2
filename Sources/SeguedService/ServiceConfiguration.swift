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
    /// Live view controllers per session; beyond it, operations that may create more are refused
    /// with a 409 problem until some are popped, dismissed or unwound.
    public var maxInstances: Int
    /// Sessions unused for longer than this are ended by ``SeguedService/expireIdleSessions()``.
    public var sessionTTL: Duration
    /// Events kept per session for `GET …/events`; older ones are dropped.
    public var eventLogCapacity: Int
    /// The profile of sessions created without one.
    public var defaultProfile: Profile
    /// The body limit the HTTP server enforces, quoted in 413 problems.
    public var maxBodySize: Int

    public init(
        maxSessions: Int = 100_000, maxStoryboards: Int = 1_000, maxStoryboardBytes: Int = 16 << 20,
        maxInstances: Int = 10_000,
        sessionTTL: Duration = .seconds(3600), eventLogCapacity: Int = 10_000,
        defaultProfile: Profile = .ios17, maxBodySize: Int = 1 << 20
    ) {
        self.maxSessions = maxSessions
        self.maxStoryboards = maxStoryboards
        self.maxStoryboardBytes = maxStoryboardBytes
        self.maxInstances = maxInstances
        self.sessionTTL = sessionTTL
        self.eventLogCapacity = eventLogCapacity
        self.defaultProfile = defaultProfile
        self.maxBodySize = maxBodySize
    }
}
