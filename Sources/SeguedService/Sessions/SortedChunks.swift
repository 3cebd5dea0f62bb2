/// A sorted set kept as a sorted array of sorted chunks (each at most `chunkCapacity` elements,
/// none empty): the session store's indexes, by id for paging and by last use for expiry.
///
/// An insert or a removal bisects the chunks' last elements, then shifts within one chunk; reading
/// in order from a point bisects to it and reads on. At a million elements that is ~2,000 chunks:
/// an operation costs two bisections and a shift of at most one chunk (plus, once per
/// `chunkCapacity / 2` inserts, a shift of the chunk list, 2,000 references), where the store
/// used to sort or scan every session. swift-collections' `SortedSet` would do, but the version on
/// this machine ships it only behind an unstable trait; its `Heap` cannot remove an ended
/// session's entry, which would then stay until its time came.
struct SortedChunks<Element: Comparable & Sendable>: Sendable {
    private var chunks: [[Element]] = []
    private(set) var count = 0
    private let chunkCapacity: Int

    init(chunkCapacity: Int = 512) {
        precondition(chunkCapacity >= 2)
        self.chunkCapacity = chunkCapacity
    }

    var first: Element? { chunks.first?.first }

    /// The first chunk whose last element is not before `element` (`chunks.count` when all are),
    /// or with `strictlyAfter`, the first whose last element is after it.
    private func chunkIndex(for element: Element, strictlyAfter: Bool = false) -> Int {
        var low = 0, high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            let last = chunks[middle][chunks[middle].count - 1]
            if strictlyAfter ? !(element < last) : last < element { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first position in `chunk` whose element is not before `element`, or with
    /// `strictlyAfter`, after it.
    private static func position(of element: Element, in chunk: [Element], strictlyAfter: Bool = false) -> Int {
        var low = 0, high = chunk.count
        while low < high {
            let middle = (low + high) / 2
            if strictlyAfter ? !(element < chunk[middle]) : chunk[middle] < element { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Adds `element`; returns `false` (changing nothing) when an equal one is held.
    @discardableResult
    mutating func insert(_ element: Element) -> Bool {
        if chunks.isEmpty {
            chunks.append([element])
            count = 1
            return true
        }
        // Past every chunk's last element: it goes at the end of the last chunk.
        let index = min(chunkIndex(for: element), chunks.count - 1)
        let position = Self.position(of: element, in: chunks[index])
        if position < chunks[index].count, chunks[index][position] == element { return false }
        chunks[index].insert(element, at: position)
        count += 1
        if chunks[index].count > chunkCapacity {
            let half = chunkCapacity / 2
            let upper = Array(chunks[index][half...])
            chunks[index].removeSubrange(half...)
            chunks.insert(upper, at: index + 1)
        }
        return true
    }

    /// Removes the element equal to `element`; returns whether one was held.
    @discardableResult
    mutating func remove(_ element: Element) -> Bool {
        let index = chunkIndex(for: element)
        guard index < chunks.count else { return false }
        let position = Self.position(of: element, in: chunks[index])
        guard position < chunks[index].count, chunks[index][position] == element else { return false }
        count -= 1
        chunks[index].remove(at: position)
        if chunks[index].isEmpty { chunks.remove(at: index) }
        return true
    }

    /// Up to `limit` elements in order, the first after `after` (from the first when `nil`).
    func elements(after: Element?, limit: Int) -> [Element] {
        guard limit > 0, !chunks.isEmpty else { return [] }
        var chunk = 0, position = 0
        if let after {
            chunk = chunkIndex(for: after, strictlyAfter: true)
            if chunk < chunks.count { position = Self.position(of: after, in: chunks[chunk], strictlyAfter: true) }
        }
        var result: [Element] = []
        result.reserveCapacity(Swift.min(limit, count))
        while chunk < chunks.count, result.count < limit {
            result.append(contentsOf: chunks[chunk][position...].prefix(limit - result.count))
            chunk += 1
            position = 0
        }
        return result
    }
}
