@testable import SeguedService
import Testing

/// Client-chosen session ids: 1–64 characters from `A–Z a–z 0–9 . _ -`.
struct SessionIDTests {
    @Test(arguments: ["a", "s0", "Item-List_2.b", String(repeating: "z", count: 64), "0", "._-"])
    func acceptsSafeIds(_ text: String) {
        #expect(SessionID(validating: text)?.rawValue == text)
    }

    @Test(arguments: ["", String(repeating: "z", count: 65), "a b", "a/b", "é", "ａ", "a%20", "a\u{0}", "ß", "a~", "a+b"])
    func refusesOthers(_ text: String) {
        #expect(SessionID(validating: text) == nil)
    }
}
