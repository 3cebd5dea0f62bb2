import HTTPServer

/// A request's duration as its log line gives it: seconds with six decimals (`0.000412`), in whole
/// microseconds (truncated).
///
/// Written with integer arithmetic: `Double.description` (the shortest text that reads back as the
/// same `Double`, `4.12e-05` for this one) took 940 of a `GET …/stack`'s instructions, a third of its
/// log line (callgrind, bench/http/callgrind.sh). Fixed decimals also read and line up better than
/// an exponent, and stay a number in a JSON line.
struct RequestDuration: CustomStringConvertible, Sendable, Equatable {
    let microseconds: UInt

    init(microseconds: UInt) { self.microseconds = microseconds }

    init(_ duration: Duration) {
        let parts = duration.components
        guard parts.seconds >= 0, parts.attoseconds >= 0 else { self.init(microseconds: 0); return }
        let (whole, overflow) = UInt(parts.seconds).multipliedReportingOverflow(by: 1_000_000)
        self.init(microseconds: overflow ? .max : whole &+ UInt(parts.attoseconds / 1_000_000_000_000))
    }

    func append(to text: inout ByteBuffer) {
        text.appendDecimal(microseconds / 1_000_000)
        text.append(UInt8(ascii: "."))
        var fraction = microseconds % 1_000_000
        var place: UInt = 100_000
        while place > 0 {
            text.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / place))
            fraction %= place
            place /= 10
        }
    }

    var description: String {
        var text = ByteBuffer(capacity: 24)
        append(to: &text)
        return String(decoding: text.bytes, as: UTF8.self)
    }
}
