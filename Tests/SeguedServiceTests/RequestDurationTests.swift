@testable import SeguedService
import Testing

/// A request line's `duration_seconds`: six decimals, whole microseconds, never an exponent.
struct RequestDurationTests {
    @Test(arguments: [
        (Duration.zero, "0.000000"),
        (.nanoseconds(999), "0.000000"),
        (.nanoseconds(81_250), "0.000081"),
        (.microseconds(412), "0.000412"),
        (.milliseconds(1_500), "1.500000"),
        (.seconds(12), "12.000000"),
        (.seconds(3_600) + .microseconds(7), "3600.000007"),
        (.nanoseconds(-5), "0.000000"),
        (.seconds(Int64.max), "18446744073709.551615"),
    ])
    func text(of duration: Duration, is expected: String) {
        #expect(RequestDuration(duration).description == expected)
    }

    /// What the daemon's own line writer writes is the same text, in the text line and as a JSON number.
    @Test func lines_holdTheSameDigits() {
        let fields = RequestLineFields(
            requestID: "r", method: "GET", route: "/healthz", status: 200,
            duration: RequestDuration(.microseconds(81)), session: nil, problem: nil)
        let text = String(decoding: RequestLineWriter.textLine(fields, timestamp: "t", label: "segued"), as: UTF8.self)
        #expect(text == "t info segued: duration_seconds=0.000081 method=GET request_id=r route=/healthz status=200 [SeguedService] request\n")
        let json = String(decoding: RequestLineWriter.jsonLine(fields, timestamp: "t"), as: UTF8.self)
        #expect(json == #"{"time":"t","level":"info","message":"request","duration_seconds":0.000081,"method":"GET","request_id":"r","route":"/healthz","status":200}"# + "\n")
    }
}
