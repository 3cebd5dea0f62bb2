internal import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

// Connection accounting: the server's limit on connections in total and per client address, and
// the deadline for receiving a whole request. libmicrohttpd has neither of the last two (its timeout
// restarts on every byte, so a client sending a byte every few seconds held its slot for ever), and
// at its own connection limit it leaves new connections in the listen backlog rather than refusing
// them; so its limit is set above ours and an accept policy refuses at once.

/// A client address as its bytes (4 for IPv4, 16 for IPv6).
struct ClientAddress: Hashable, Sendable {
    var bytes: [UInt8]
}

/// One open connection: kept in `socket_context` from its start to its close.
final class ConnectionRecord: Sendable {
    let address: ClientAddress
    let socket: Int32
    /// When the connection began waiting for the request it is receiving (monotonic milliseconds),
    /// 0 while a request is being answered.
    let receivingSince = Atomic<Int64>(monotonicMilliseconds())
    /// Ended to make room for a newer connection (``ConnectionTable/admits(_:)``): it no longer
    /// counts against the limit, though it stays in the table until libmicrohttpd closes it.
    let evicted = Atomic<Bool>(false)
    /// The bytes of the connection's memory pool counted in the held-bytes budget while it is open
    /// (0 when none is).
    let countedBytes = Atomic<Int>(0)

    init(address: ClientAddress, socket: Int32) {
        self.address = address
        self.socket = socket
    }
}

/// The open connections, counted in total and per address.
final class ConnectionTable: Sendable {
    struct Counts {
        var perAddress: [ClientAddress: Int] = [:]
        var open: [ObjectIdentifier: ConnectionRecord] = [:]
        /// Records in `open` that were evicted and are still closing.
        var evicting = 0

        /// Connections that count against the limit.
        var holding: Int { open.count - evicting }
    }

    let limit: Int
    let perAddressLimit: Int
    private let counts = Mutex(Counts())
    /// Connections refused by a limit, since the start.
    let refused = Atomic<Int>(0)

    init(limit: Int, perAddressLimit: Int) {
        self.limit = max(1, limit)
        self.perAddressLimit = perAddressLimit > 0 ? perAddressLimit : Int.max
    }

    var count: Int { counts.withLock { $0.open.count } }

    /// Whether a connection from `address` fits under both limits (the accept policy). At the total
    /// limit, room is made by ending the connection that has waited longest for a request it has not
    /// finished sending (or, idle, for its next one): clients that hold connections without sending
    /// requests, from more addresses than the per-address limit stops, could otherwise keep every new
    /// client out for the whole request deadline (issue 28: 116 of 119 probes failed). Each new
    /// connection then ends the oldest waiting one, so a client that sends its request at once is
    /// served however fast connections are opened, unless that outpaces the limit within its round
    /// trip. A connection being answered (streams included) is never ended for room.
    func admits(_ address: ClientAddress, now: Int64 = monotonicMilliseconds()) -> Bool {
        let fits = counts.withLock { counts in
            guard counts.perAddress[address, default: 0] < perAddressLimit else { return false }
            return counts.holding < limit || Self.evictOldestWaiting(&counts, now: now, grace: evictionGrace)
        }
        if !fits { refused.add(1, ordering: .relaxed) }
        return fits
    }

    /// A connection that has waited for a request this long or less (milliseconds) is not ended to
    /// make room. 0: a grace of a second let an attacker opening connections faster than the limit
    /// a second keep every slot young, and every new client out (tests/adversarial/streams.py).
    var evictionGrace: Int64 { 0 }

    /// Evicts a connection waiting for a request (longer than `grace`): from the address holding
    /// the most connections, the one of them that has waited longest. Oldest first alone, a client
    /// that sent its request at once could be ended when a flood of new connections from other
    /// addresses arrived before its request was read (a loaded machine: tests/adversarial/streams.py
    /// failed once in four); an address holding many connections gives them up before an address
    /// holding one.
    private static func evictOldestWaiting(_ counts: inout Counts, now: Int64, grace: Int64) -> Bool {
        var chosen: (record: ConnectionRecord, held: Int, since: Int64)?
        for record in counts.open.values where !record.evicted.load(ordering: .relaxed) {
            let since = record.receivingSince.load(ordering: .relaxed)
            guard since != 0, now - since > grace else { continue }
            let held = counts.perAddress[record.address, default: 0]
            if let current = chosen, held < current.held || (held == current.held && since >= current.since) { continue }
            chosen = (record, held, since)
        }
        guard let chosen else { return false }
        chosen.record.evicted.store(true, ordering: .relaxed)
        chosen.record.receivingSince.store(0, ordering: .relaxed)
        counts.evicting += 1
        // Still this connection's socket: it leaves the table (under this lock) before it is closed.
        segued_shutdown_socket(chosen.record.socket)
        return true
    }

    /// Counts a connection that started; `false` when it no longer fits, and then it is not
    /// counted. Two accepted at once may both pass the policy on one slot: the room one of them
    /// made by ending a waiting connection is not held for it, and the other, admitted into that
    /// room, left the first over the limit, shut at once (a canary closed unanswered under a flood
    /// of slowloris connections, CI). So the one that finds no room makes it the same way.
    func opened(_ record: ConnectionRecord, now: Int64 = monotonicMilliseconds()) -> Bool {
        let fits = counts.withLock { counts in
            guard counts.perAddress[record.address, default: 0] < perAddressLimit else { return false }
            guard counts.holding < limit || Self.evictOldestWaiting(&counts, now: now, grace: evictionGrace) else { return false }
            counts.open[ObjectIdentifier(record)] = record
            counts.perAddress[record.address, default: 0] += 1
            return true
        }
        if !fits { refused.add(1, ordering: .relaxed) }
        return fits
    }

    func closed(_ record: ConnectionRecord) {
        counts.withLock { counts in
            guard counts.open.removeValue(forKey: ObjectIdentifier(record)) != nil else { return }
            if record.evicted.load(ordering: .relaxed) { counts.evicting -= 1 }
            let left = counts.perAddress[record.address, default: 1] - 1
            counts.perAddress[record.address] = left > 0 ? left : nil
        }
    }

    /// Ends every connection that has been receiving one request for longer than `deadline`
    /// milliseconds; returns how many. Under the lock: a connection's socket is closed only after
    /// it left the table (libmicrohttpd notifies the close first), so the socket shut down here is
    /// still that connection's.
    @discardableResult
    func endOverdue(deadline: Int64, now: Int64 = monotonicMilliseconds()) -> Int {
        counts.withLock { counts in
            var ended = 0
            for record in counts.open.values {
                let since = record.receivingSince.load(ordering: .relaxed)
                if since != 0, now - since > deadline {
                    // Once: a shut-down socket stays in the table until libmicrohttpd closes it.
                    record.receivingSince.store(0, ordering: .relaxed)
                    segued_shutdown_socket(record.socket)
                    ended += 1
                }
            }
            return ended
        }
    }
}

func monotonicMilliseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
}

/// `MHD_AcceptPolicyCallback`: refuses, at once, a connection over the server's limits.
let mhdAcceptPolicy: MHD_AcceptPolicyCallback = { cls, address, _ in
    guard let cls else { return .NO }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    return core.connections.admits(clientAddress(address)) ? .YES : .NO
}

/// `MHD_NotifyConnectionCallback`: counts connections as they start and close; a record is kept,
/// retained, in the connection's `socket_context`.
let mhdNotifyConnection: MHD_NotifyConnectionCallback = { cls, connection, socketContext, event in
    guard let cls, let connection, let socketContext else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    if event.rawValue == 0 {  // MHD_CONNECTION_NOTIFY_STARTED (the enumerator does not import by name)
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = Int(segued_mhd_client_address(connection, &bytes))
        let record = ConnectionRecord(address: ClientAddress(bytes: Array(bytes.prefix(count))), socket: segued_mhd_connection_fd(connection))
        socketContext.pointee = Unmanaged.passRetained(record).toOpaque()
        if core.connections.opened(record) {
            // libmicrohttpd allocates the pool when the connection starts and clears it for every
            // request: resident memory a client holds by keeping a connection open (16 MB for 1,000
            // of them at the default), counted so that --max-memory bounds the process (issue 28).
            if let budget = core.configuration.heldBytesBudget {
                let pool = core.configuration.connectionMemoryLimit
                budget.countConnection(pool)
                record.countedBytes.store(pool, ordering: .relaxed)
            }
        } else {
            // Over a limit by a race with another accept: ended before it reads a byte.
            record.receivingSince.store(0, ordering: .relaxed)
            segued_shutdown_socket(record.socket)
        }
    } else if let stored = socketContext.pointee {
        let record = Unmanaged<ConnectionRecord>.fromOpaque(stored)
        let counted = record.takeUnretainedValue().countedBytes.exchange(0, ordering: .relaxed)
        if counted > 0 { core.configuration.heldBytesBudget?.releaseConnection(counted) }
        core.connections.closed(record.takeUnretainedValue())
        record.release()
        socketContext.pointee = nil
    }
}

/// The record of `connection`, if it has one.
func connectionRecord(_ connection: OpaquePointer) -> ConnectionRecord? {
    segued_mhd_socket_context(connection).map { Unmanaged<ConnectionRecord>.fromOpaque($0).takeUnretainedValue() }
}

private func clientAddress(_ address: UnsafePointer<sockaddr>?) -> ClientAddress {
    var bytes = [UInt8](repeating: 0, count: 16)
    let count = Int(segued_address_bytes(address, &bytes))
    return ClientAddress(bytes: Array(bytes.prefix(count)))
}
