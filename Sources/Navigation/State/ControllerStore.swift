/// The live instances of a session, keyed by id.
///
/// Ids are handed out in increasing order and a session has few live instances, so two parallel
/// arrays kept sorted by id, searched by bisection, beat a `Dictionary`: no hashing on the hot path
/// (bench/engine measured SipHash at 12% of a push+pop), and reading one field through the array
/// does not copy the whole `Controller`. Released instances leave no trace, so a long session that
/// has created many instances keeps only the live ones.
struct ControllerStore: Sendable, Equatable {
    private(set) var ids: [ControllerID] = []
    private(set) var values: [Controller] = []

    var count: Int { ids.count }

    /// The position of `id`, or `nil` when it is not live.
    func index(of id: ControllerID) -> Int? {
        // Most lookups hit without searching: ids below the newest are dense until something is
        // released, and the newest instance (a pushed or presented one) is the last.
        guard let first = ids.first else { return nil }
        let guess = id.rawValue - first.rawValue
        if guess >= 0 && guess < ids.count && ids[guess] == id { return guess }
        if ids[ids.count - 1] == id { return ids.count - 1 }
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }

    subscript(id: ControllerID) -> Controller? {
        index(of: id).map { values[$0] }
    }

    /// Appends an instance whose id is greater than every live one (ids grow in creation order).
    mutating func append(_ controller: Controller) {
        precondition(ids.last.map { $0 < controller.id } ?? true, "ids are created in increasing order")
        if values.count == values.capacity {
            // By half again (at least four) rather than Array's doubling: a session keeps its
            // instances' spare room while it is idle, and a launched demo session's ten instances
            // then sit in 12 slots instead of 16 (480 bytes less at 120 bytes an instance).
            let room = values.count + max(4, values.count / 2)
            ids.reserveCapacity(room)
            values.reserveCapacity(room)
        }
        ids.append(controller.id)
        values.append(controller)
    }

    mutating func remove(_ id: ControllerID) -> Controller? {
        guard let index = index(of: id) else { return nil }
        ids.remove(at: index)
        return values.remove(at: index)
    }

    /// Changes the instance at `index` (a position from `index(of:)`), for callers that also read it.
    mutating func modify(at index: Int, _ change: (inout Controller) -> Void) { change(&values[index]) }

    mutating func modify(_ id: ControllerID, _ change: (inout Controller) -> Void) {
        guard let index = index(of: id) else { preconditionFailure("\(id) is not live") }
        change(&values[index])
    }
}
