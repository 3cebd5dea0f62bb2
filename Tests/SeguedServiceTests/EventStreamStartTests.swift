import HTTPServer
import Testing

@testable import SeguedService

/// The stream's start, as `Last-Event-ID` or `?after=` gives it, and the problems for bad values.
struct EventStreamStartTests {
    @Test func lastEventID_winsOverAfter_andBadValuesAreProblems() throws {
        #expect(try SeguedService.streamStart(.make("GET", "/s", query: [("after", "3")])) == 3)
        #expect(try SeguedService.streamStart(Request(method: "GET", path: "/s", query: [("after", "3")], headers: ["Last-Event-ID": " 9 "])) == 9)
        #expect(try SeguedService.streamStart(.make("GET", "/s")) == nil)
        // Issue 53: `+5` was accepted (Swift's Int(_:) takes a sign); a schema integer has none.
        for (query, header) in [("-1", nil), ("x", nil), ("+5", nil), (nil, "1 2"), (nil, "-5"), (nil, ""), (nil, "+5"),
                                (nil, " +5 "), (nil, "0x5"), (nil, "5\u{0B}")] as [(String?, String?)] {
            let request = Request(
                method: "GET", path: "/s", query: query.map { [("after", $0)] } ?? [], headers: header.map { ["Last-Event-ID": $0] } ?? [:])
            #expect(throws: Problem.self) { try SeguedService.streamStart(request) }
        }
    }

    @Test func decimalInteger_takesDigitsAndAMinusOnly() {
        #expect(SeguedService.decimalInteger("42") == 42)
        #expect(SeguedService.decimalInteger("-3") == -3)
        #expect(SeguedService.decimalInteger("007") == 7)
        for text in ["+4", "", "-", " 4", "4 ", "4.0", "1e3", "99999999999999999999", "٤"] {
            #expect(SeguedService.decimalInteger(text) == nil, "\(text)")
        }
    }

    /// Issue 30: an `after` past 2^52 was accepted when a `Last-Event-ID` stood beside it (the
    /// header won before the query was checked); schemathesis found it with a random seed.
    @Test func afterPastItsBound_isRefused_evenBesideAValidLastEventID() {
        for headers in [["Last-Event-ID": "0"], [:]] {
            let request = Request(method: "GET", path: "/s", query: [("after", "4503599627370497")], headers: headers)
            do {
                _ = try SeguedService.streamStart(request)
                Issue.record("accepted after=4503599627370497 with \(headers)")
            } catch {
                #expect(error.status == 400)
                #expect(error.code == "invalid-parameter")
                #expect(error.detail.hasPrefix("after: "))
            }
        }
    }
}
