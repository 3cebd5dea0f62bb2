import HTTPServer
import Testing

struct ByteAppendingTests {
    @Test func borrowedAppends_addExactlyTheSourceBytes() {
        var body: [UInt8] = Array("{".utf8)
        let fragment = Array(#""scene":"détail""#.utf8)
        body.append(borrowing: fragment)
        body.append(borrowing: [])
        body.append(utf8Of: ",\"class\":\"Ünïcode\\\"\"")
        body.append(utf8Of: "")
        #expect(String(decoding: body, as: UTF8.self) == #"{"scene":"détail","class":"Ünïcode\"""#)
        #expect(fragment == Array(#""scene":"détail""#.utf8))
    }

    @Test func appendsGrowTheBufferPastItsCapacity() {
        var body: [UInt8] = []
        body.reserveCapacity(4)
        let chunk = Array(repeating: UInt8(ascii: "x"), count: 1000)
        for _ in 0..<50 { body.append(borrowing: chunk) }
        #expect(body.count == 50_000)
        #expect(body.allSatisfy { $0 == UInt8(ascii: "x") })
    }
}
