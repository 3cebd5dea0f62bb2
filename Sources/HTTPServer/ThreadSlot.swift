import Foundation
import Synchronization

/// A small number for the calling thread, the same for its whole life: 0 for the first thread that
/// asks, 1 for the next, and so on. State kept per slot (`LogBuffer`'s shards, the log's cached
/// timestamp) is touched by one thread at a time in the common case, so that the request path's
/// writes stay in the core that makes them: under load, every lock and counter that both server
/// threads wrote on each request moved its cache line between the cores on every request.
///
/// The number lives in one process-wide `pthread` key (a key per buffer would run out of the
/// system's 1,024 keys in a process that makes many buffers, as the tests do). It is here, with the
/// server's threads, because reading the key is pointer code, which this target keeps.
public enum ThreadSlot {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no pthread key left")
        return key
    }()
    private static let issued = Atomic<Int>(0)

    /// The calling thread's number.
    public static var current: Int {
        // Stored plus one: a thread that never asked reads 0 (no value).
        if let stored = pthread_getspecific(key) { return Int(bitPattern: stored) - 1 }
        let number = issued.wrappingAdd(1, ordering: .relaxed).oldValue
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: number + 1))
        return number
    }
}

/// One object per thread slot, made up front, of which each thread uses its own (``current``):
/// the tables kept per slot (the log's buffers, its cached timestamps, the request ids' counts)
/// share the number of slots and the way a thread finds its element.
public struct PerThreadSlot<Element: AnyObject & Sendable>: Sendable {
    /// Threads past the first eight share an element: a power of two, so that a thread's element is
    /// a mask away. Each element should hold ``CacheLinePadding``, off its neighbours' lines.
    public static var count: Int { 8 }

    /// Every slot's element, in slot order.
    public let all: [Element]

    public init(_ make: () -> Element) {
        all = (0..<Self.count).map { _ in make() }
    }

    /// The calling thread's place in ``all``.
    public static var currentIndex: Int { ThreadSlot.current & (count - 1) }

    /// The calling thread's element.
    public var current: Element { all[Self.currentIndex] }
}

/// Filler that keeps two objects made one after the other off each other's cache lines (the
/// allocator places objects of a size next to each other): 128 bytes, two lines, since cores also
/// fetch a line's neighbour.
public struct CacheLinePadding: Sendable {
    private let words: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    public init() {}
}
