/// A growable buffer of bytes for building response bodies, where appends are a bounds check and a
/// copy.
///
/// `[UInt8]` checks uniqueness on every append, and its `append(contentsOf:)` took about 80
/// instructions a call: a 2.8 KB transcript is some 300 appends, which made array bookkeeping
/// about a third of the JSON writer's cost. Noncopyable, so the storage has exactly one owner and
/// is freed once; the unsafe pointer stays inside this type, like all such code in this target.
public struct ByteBuffer: ~Copyable {
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline var count: Int
    @usableFromInline var capacity: Int

    public init(capacity: Int = 512) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
        count = 0
    }

    deinit { start.deallocate() }

    /// The bytes written so far, copied out.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    public var byteCount: Int { count }

    @inlinable
    public mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toAtLeast: count + 1) }
        start[count] = byte
        count += 1
    }

    /// Appends `source`'s bytes without retaining it: response fragments are shared by every
    /// server thread, and a retain on a shared array bounces its reference count between cores.
    @inlinable
    public mutating func append(borrowing source: borrowing [UInt8]) {
        source.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Appends a literal's UTF-8. A `StaticString` has no reference count, so fragments written as
    /// literals cost no retain, and no cross-core traffic when every thread writes them.
    @inlinable
    public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends a string's UTF-8 (copied from the string's own storage).
    @inlinable
    public mutating func append(utf8Of source: borrowing String) {
        source.utf8.span.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    @inlinable
    mutating func append(contentsOf source: UnsafeBufferPointer<UInt8>) {
        guard let from = source.baseAddress else { return }
        let added = source.count
        if count + added > capacity { grow(toAtLeast: count + added) }
        (start + count).update(from: from, count: added)
        count += added
    }

    /// Appends a copy of bytes already written (`range` of what was written so far).
    public mutating func appendCopy(of range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range outside the bytes written")
        let added = range.count
        if count + added > capacity { grow(toAtLeast: count + added) }
        (start + count).update(from: start + range.lowerBound, count: added)
        count += added
    }

    @usableFromInline
    mutating func grow(toAtLeast minimum: Int) {
        var newCapacity = capacity * 2
        while newCapacity < minimum { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: start, count: count)
        start.deallocate()
        start = grown
        capacity = newCapacity
    }
}
