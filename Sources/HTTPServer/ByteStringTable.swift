/// Byte strings made once and then only read, in one allocation, appended to a ``ByteBuffer``
/// without touching a reference count.
///
/// For fragments every server thread writes over and over (an event's scene and method parts: two
/// for each of the some 18 events of a segue's answer). Kept as `[UInt8]` in an array, each append
/// retained and released the fragment's storage around the copy, an atomic write that moved the
/// storage's cache line between the cores on every event. The table is immutable once made, so
/// sharing it needs no lock, and reading it writes nothing.
public final class ByteStringTable: @unchecked Sendable {
    @usableFromInline let bytes: UnsafeMutablePointer<UInt8>
    /// `offsets[i] ..< offsets[i + 1]` are the bytes of string `i`.
    @usableFromInline let offsets: UnsafeMutablePointer<Int>
    public let count: Int

    public init(_ strings: [[UInt8]]) {
        count = strings.count
        let total = strings.reduce(0) { $0 + $1.count }
        bytes = .allocate(capacity: max(total, 1))
        offsets = .allocate(capacity: strings.count + 1)
        var offset = 0
        for (index, string) in strings.enumerated() {
            offsets[index] = offset
            string.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { (bytes + offset).initialize(from: base, count: source.count) }
            }
            offset += string.count
        }
        offsets[strings.count] = offset
    }

    deinit {
        bytes.deallocate()
        offsets.deallocate()
    }

    /// String `index`'s bytes, copied out (tests, and what is not on a hot path).
    public subscript(index: Int) -> [UInt8] {
        precondition(index >= 0 && index < count, "no string \(index) in a table of \(count)")
        return Array(UnsafeBufferPointer(start: bytes + offsets[index], count: offsets[index + 1] - offsets[index]))
    }

    /// Appends string `index` to `buffer`. Inlinable, so that the writer's two appends an event are
    /// not each a call into this module.
    @inlinable @inline(__always)
    public func append(_ index: Int, to buffer: inout ByteBuffer) {
        precondition(index >= 0 && index < count, "no string \(index) in a table of \(count)")
        let start = offsets[index]
        buffer.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: offsets[index + 1] - start))
    }
}
