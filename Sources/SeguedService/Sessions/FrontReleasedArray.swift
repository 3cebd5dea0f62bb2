/// Elements appended at the back and let go from the front, oldest first: a session's event log
/// keeps its operations so (``EventLog``), and its stored progress its rows (``StoredProgress``).
///
/// Letting go passes the elements over, and the storage is compacted only once they are most of it
/// (past 32), so that letting go costs what it releases, not what is held: removing the first of
/// thousands at every append moved all the others each time.
struct FrontReleasedArray<Element> {
    private var storage: [Element] = []
    private var start = 0

    /// The elements held, oldest first. Its indices are the storage's, stable until the next release.
    var held: ArraySlice<Element> { storage[start...] }

    /// How many elements are held, counted without making the slice.
    var count: Int { storage.count - start }

    /// `word` of the oldest and the newest element held (0 when none is): the lines that releasing
    /// and appending read next (``Session/State/loadAhead()``).
    func loadAheadWord(_ word: (Element) -> Int) -> Int {
        start < storage.count ? word(storage[start]) &+ word(storage[storage.count - 1]) : 0
    }

    /// The storage's room, the released elements' included: what it takes in memory.
    var capacity: Int { storage.capacity }

    mutating func append(_ element: Element) { storage.append(element) }

    mutating func append(contentsOf elements: some Collection<Element>) { storage.append(contentsOf: elements) }

    /// Lets go of the oldest elements while `isReleased` says so, handing each to `released`.
    mutating func release(while isReleased: (Element) -> Bool, _ released: (Element) -> Void = { _ in }) {
        while start < storage.count, isReleased(storage[start]) {
            released(storage[start])
            start += 1
        }
        compactIfMostlyReleased()
    }

    /// Lets go of the oldest `count` elements (at most those held) without reading them.
    mutating func release(first count: Int) {
        start = min(storage.count, start + max(0, count))
        compactIfMostlyReleased()
    }

    private mutating func compactIfMostlyReleased() {
        if start > 32, start * 2 > storage.count {
            storage.removeFirst(start)
            start = 0
        }
    }

    /// Lets go of every element; returns those that were held.
    mutating func releaseAll() -> ArraySlice<Element> {
        defer {
            storage = []
            start = 0
        }
        return held
    }
}

extension FrontReleasedArray: Sendable where Element: Sendable {}
