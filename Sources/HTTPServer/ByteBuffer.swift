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
    ///
    /// Always inlined: the literal's length is then a constant, and the copy a few moves rather than
    /// a call to `memmove` (a transcript is some 100 of these).
    @inlinable @inline(__always)
    public mutating func append(_ literal: StaticString) {
        // A one-character literal may be stored as a Unicode scalar, with no UTF-8 to point at.
        guard literal.hasPointerRepresentation else {
            literal.withUTF8Buffer { append(contentsOf: $0) }
            return
        }
        let added = literal.utf8CodeUnitCount
        if count + added > capacity { grow(toAtLeast: count + added) }
        (start + count).update(from: literal.utf8Start, count: added)
        count += added
    }

    /// Appends a string's UTF-8 (copied from the string's own storage, or from a small string's
    /// bits). Through the contiguous storage, which for a native string is a pointer or the small
    /// string's bytes, inlined; its span was a call into the standard library (`_underlyingSpans`)
    /// for each string, some 26 a segue and unwind request with its log line.
    @inlinable
    public mutating func append(utf8Of source: borrowing String) {
        let done: Void? = source.utf8.withContiguousStorageIfAvailable { append(contentsOf: $0) }
        if done == nil { source.utf8.span.withUnsafeBufferPointer { append(contentsOf: $0) } }
    }

    @inlinable
    mutating func append(contentsOf source: UnsafeBufferPointer<UInt8>) {
        guard let from = source.baseAddress else { return }
        let added = source.count
        if count + added > capacity { grow(toAtLeast: count + added) }
        (start + count).update(from: from, count: added)
        count += added
    }

    /// Appends `value` in decimal digits, two at a time from a table of the pairs "00" … "99", written
    /// from the last digit back into room made once. A digit at a time, each with its own bounds
    /// check, was the largest single cost of writing a transcript: 45 numbers an operation (every
    /// event's sequence number and instance ids).
    ///
    /// Numbers under 100 (instance ids, counts) are written here, inlined where they are asked
    /// for; longer ones by ``appendLongDecimal(_:)``, a call. As one function (not inlined: too
    /// large), every number of an answer was a call, and through `JSONWriter` two: some 56 a
    /// segue and unwind request.
    @inlinable @inline(__always)
    public mutating func appendDecimal(_ value: UInt) {
        guard value < 100 else { return value < 10_000 ? appendFourDigitsAtMost(value) : appendLongDecimal(value) }
        if count &+ 2 > capacity { grow(toAtLeast: count + 2) }
        let tens = value / 10
        if tens == 0 {
            start[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
            count &+= 1
        } else {
            start[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
            start[count &+ 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value &- tens &* 10)
            count &+= 2
        }
    }

    /// ``appendDecimal(_:)`` for 100 ≤ `value` < 10,000 (instance ids and sequence numbers of a
    /// session's first thousands of events): three or four digits, the last two from the pairs'
    /// table, without counting them first. A call, kept small.
    @usableFromInline @inline(never)
    mutating func appendFourDigitsAtMost(_ value: UInt) {
        if count &+ 4 > capacity { grow(toAtLeast: count + 4) }
        let pairs = Self.digitPairs.utf8Start
        let high = value / 100
        let low = Int(truncatingIfNeeded: value &- high &* 100) &* 2
        if high < 10 {
            start[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: high)
            count &+= 1
        } else {
            let pair = Int(truncatingIfNeeded: high) &* 2
            start[count] = pairs[pair]
            start[count &+ 1] = pairs[pair &+ 1]
            count &+= 2
        }
        start[count] = pairs[low]
        start[count &+ 1] = pairs[low &+ 1]
        count &+= 2
    }

    /// ``appendDecimal(_:)`` for any number: its digits counted, then written into room made once.
    @usableFromInline @inline(never)
    mutating func appendLongDecimal(_ value: UInt) {
        let digits = Self.decimalDigitCount(value)
        if count + digits > capacity { grow(toAtLeast: count + digits) }
        Self.writeDecimal(value, endingAt: count + digits, into: start)
        count += digits
    }

    /// Writes `value`'s ``decimalDigitCount(_:)`` digits into `bytes`, the last just before `end`.
    /// Shared with ``EntityTag``, which writes them into a new string's storage. Always inlined, as
    /// is the count: called, each was a function call for every number of an answer (some 58 a
    /// segue and unwind).
    @inlinable @inline(__always)
    static func writeDecimal(_ value: UInt, endingAt end: Int, into bytes: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var position = end
        var rest = value
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            position &-= 2
            bytes[position] = pairs[pair]
            bytes[position &+ 1] = pairs[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            bytes[position &- 2] = pairs[pair]
            bytes[position &- 1] = pairs[pair &+ 1]
        } else {
            bytes[position &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
    }

    /// The number of decimal digits of `value` (1 for 0).
    @inlinable @inline(__always)
    static func decimalDigitCount(_ value: UInt) -> Int {
        var digits = 1
        var rest = value
        while rest >= 10_000 {
            rest /= 10_000
            digits &+= 4
        }
        if rest >= 100 {
            return digits &+ (rest >= 1_000 ? 3 : 2)
        }
        return digits &+ (rest >= 10 ? 1 : 0)
    }

    /// "00", "01", … "99": a literal, so reading it touches no reference count.
    @usableFromInline
    static var digitPairs: StaticString {
        """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """
    }

    /// Drops the bytes past `length`, keeping the storage (a line that did not fit, taken back).
    public mutating func truncate(to length: Int) {
        precondition(length >= 0 && length <= count, "length outside the bytes written")
        count = length
    }

    /// Appends `range` of the bytes written so far to `array`.
    public func copy(_ range: Range<Int>, appendingTo array: inout [UInt8]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range outside the bytes written")
        array.append(contentsOf: UnsafeBufferPointer(start: start + range.lowerBound, count: range.count))
    }

    /// Appends `range` of the bytes `other` has written.
    public mutating func append(_ range: Range<Int>, of other: borrowing ByteBuffer) {
        precondition(range.lowerBound >= 0 && range.upperBound <= other.count, "range outside the bytes written")
        append(contentsOf: UnsafeBufferPointer(start: other.start + range.lowerBound, count: range.count))
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
