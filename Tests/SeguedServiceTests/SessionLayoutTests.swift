import Navigation
@testable import SeguedService
import Testing

/// What every idle session keeps, beside its instances (ControllerLayoutTests): issue 27 asks for
/// 4 KB a session, and these were most of the 5.6 KB it took before (docs/durability.md, "Memory").
struct SessionLayoutTests {
    /// A record per operation the log holds: 216 bytes while commands were inline, 152 before its
    /// fields went largest first, 128 after, 80 since a segue's description is a shared object, 88
    /// with a tap's control and method (an array of at most one: 152 inline). The
    /// log keeps 32 bytes of it apart (its last sequence number, its command, where its details
    /// are), the rest as bytes after its events.
    @Test func anOperationTakes32BytesBesideItsDetails() {
        #expect(MemoryLayout<OperationRecord>.stride == 88)
        #expect(MemoryLayout<SegueDescription?>.stride == 8)
        #expect(EventLog.operationBytes == 32)
    }

    /// Commands with large payloads keep them on the heap, shared by the walk and the record.
    @Test func aCommandTakes24Bytes() {
        #expect(MemoryLayout<Command>.stride == 24)
    }

    /// The state's fixed part: the navigation state with its small fields last, the kept stack
    /// document by reference (the log's search steps apart from its records added 24 bytes, gone
    /// with them into the chunks; the chunk being filled is kept in the log's struct, 64 bytes,
    /// with what an append needs to know of the others, 24, so that an operation does not read the
    /// chunks' array; the held operations' size is derived from their count, not kept; the word
    /// of ``Session/State/loadAhead()`` added 8; the gesture in progress, boxed, 8: inline it was 32;
    /// the store's walk rows and how much of the walk they hold, 16, so that how a session was
    /// reached survives a restart, issue 49).
    @Test func aSessionsStateKeepsItsSize() {
        #expect(MemoryLayout<NavigationState>.stride == 88)
        #expect(MemoryLayout<Session.StackDocument?>.stride == 8)
        #expect(MemoryLayout<Session.State>.stride == 456)
    }
}
