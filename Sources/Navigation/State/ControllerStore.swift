/// The live instances of a session, keyed by id.
///
/// Ids are handed out in increasing order and a session has few live instances, so one array kept
/// sorted by id, searched by bisection, beats a `Dictionary`: no hashing on the hot path
/// (bench/engine measured SipHash at 12% of a push+pop), and reading one field through the array
/// does not copy the whole `Controller`. The ids are read from the instances, not kept beside them
/// in a second array: that array was 128 bytes of an idle demo session's 4 KB. Released instances
/// leave no trace, so a long session that has created many instances keeps only the live ones.
struct ControllerStore: Sendable, Equatable {
    private(set) var values: [Controller] = []

    var count: Int { values.count }

    /// The position of `id`, or `nil` when it is not live.
    func index(of id: ControllerID) -> Int? {
        // Most lookups hit without searching. Ids are dense from the first until something is
        // released (the instances made at launch), and dense back from the last over what was made
        // since (a presented form and its children): the guess from either end is checked first.
        // Guessing from the first alone left every lookup of a form presented after a dismissal
        // (ids past a gap) but its last instance to the bisection: `index(of:)` took 3,376
        // instructions a segue and unwind request, 2,068 now (callgrind).
        guard let first = values.first?.id else { return nil }
        // Wrapping arithmetic: any id may be asked for, and a guess that wraps is refuted by the
        // comparison like any other wrong guess.
        let guess = id.rawValue &- first.rawValue
        if guess >= 0 && guess < values.count && values[guess].id == id { return guess }
        let last = values.count - 1
        let fromEnd = last &- (values[last].id.rawValue &- id.rawValue)
        if fromEnd >= 0 && fromEnd <= last && values[fromEnd].id == id { return fromEnd }
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < values.count && values[low].id == id ? low : nil
    }

    subscript(id: ControllerID) -> Controller? {
        index(of: id).map { values[$0] }
    }

    /// Appends an instance whose id is greater than every live one (ids grow in creation order).
    mutating func append(_ controller: consuming Controller) {
        precondition(values.last.map { $0.id < controller.id } ?? true, "ids are created in increasing order")
        if values.count == values.capacity {
            // By half again (at least four) rather than Array's doubling: a session keeps its
            // instances' spare room while it is idle, and a launched demo session's ten instances
            // then sit in 12 slots instead of 16 (320 bytes less at 80 bytes an instance).
            values.reserveCapacity(values.count + max(4, values.count / 2))
        }
        values.append(controller)
    }

    mutating func remove(_ id: ControllerID) -> Controller? {
        guard let index = index(of: id) else { return nil }
        return values.remove(at: index)
    }

    /// Changes the instance at `index` (a position from `index(of:)`), for callers that also read it.
    mutating func modify(at index: Int, _ change: (inout Controller) -> Void) { change(&values[index]) }

    mutating func modify(_ id: ControllerID, _ change: (inout Controller) -> Void) {
        guard let index = index(of: id) else { preconditionFailure("\(id) is not live") }
        change(&values[index])
    }
}
