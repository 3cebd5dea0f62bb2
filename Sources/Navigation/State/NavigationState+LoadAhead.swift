extension NavigationState {
    /// How many instances ``loadAheadWord()`` reads from each end of the store (ordered by id): the
    /// window's containers come first and what was pushed or presented last at the end, which is
    /// where an operation works. The bound keeps the reading flat in a session of many instances.
    static let loadAheadFromStart = 4
    static let loadAheadFromEnd = 16

    /// Reads a word from each cache line of the state that an operation is about to read, and
    /// returns their sum: the caller keeps it, so that the reads are not optimized away.
    ///
    /// Why: a session a server thread has not served for a while is out of its caches. bench/http's
    /// (b) load cycles over 1,000 sessions, and the same load over 10 took 17% less CPU a request
    /// (12 paired rounds). The engine reaches the state's lines one after another, each load
    /// waiting for the one that found it (the store's buffer, an instance, its children's buffer),
    /// so their misses add up. Here the loads of different instances do not depend on each other,
    /// and the processor fetches them together (bench/http/NOTES.md, "Loading a session ahead").
    public func loadAheadWord() -> Int {
        var word = presentations.count &+ splits.count
        let count = instances.count
        let front = Swift.min(count, Self.loadAheadFromStart)
        for index in 0..<front { word &+= instances.values[index].loadAheadWord }
        for index in Swift.max(front, count - Self.loadAheadFromEnd)..<count { word &+= instances.values[index].loadAheadWord }
        return word
    }
}
