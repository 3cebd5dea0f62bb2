extension Array where Element == UInt8 {
    /// Appends `source`'s bytes without retaining `source`, for building response bodies from
    /// fragments that every server thread shares.
    ///
    /// `append(contentsOf:)` takes its argument owned: it retains and releases the source, and when
    /// both pool threads append the same pre-built array its reference count bounces between cores
    /// (two threads appending one shared array ran six times slower than one). A byte-by-byte loop
    /// avoids the retain but costs ten instructions a byte; copying through the buffer is one
    /// `memcpy`. The unsafe pointer stays inside this call, like all such code in this target.
    public mutating func append(borrowing source: borrowing [UInt8]) {
        source.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// The same for a string's UTF-8.
    public mutating func append(utf8Of source: borrowing String) {
        source.utf8.span.withUnsafeBufferPointer { append(contentsOf: $0) }
    }
}
