import HTTPServer
import Testing

struct ByteBufferTests {
    @Test func appends_addExactlyTheSourceBytes() {
        var buffer = ByteBuffer(capacity: 4)
        buffer.append(UInt8(ascii: "{"))
        let fragment = Array(#""scene":"détail""#.utf8)
        buffer.append(borrowing: fragment)
        buffer.append(borrowing: [])
        buffer.append(utf8Of: ",\"class\":\"Ünïcode\\\"\"")
        buffer.append(utf8Of: "")
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == #"{"scene":"détail","class":"Ünïcode\"""#)
        #expect(buffer.byteCount == buffer.bytes.count)
        #expect(fragment == Array(#""scene":"détail""#.utf8))
    }

    @Test func appendsGrowTheBufferPastItsCapacity() {
        var buffer = ByteBuffer(capacity: 1)
        let chunk = Array(repeating: UInt8(ascii: "x"), count: 1000)
        for _ in 0..<50 { buffer.append(borrowing: chunk) }
        for _ in 0..<3 { buffer.append(UInt8(ascii: "y")) }
        #expect(buffer.byteCount == 50_003)
        #expect(buffer.bytes.prefix(50_000).allSatisfy { $0 == UInt8(ascii: "x") })
        #expect(buffer.bytes.suffix(3) == [UInt8(ascii: "y"), UInt8(ascii: "y"), UInt8(ascii: "y")])
    }

    @Test func copiesOfWrittenBytes_growTheBufferWhenNeeded() {
        var buffer = ByteBuffer(capacity: 16)
        buffer.append(utf8Of: "0123456789abcdef")
        buffer.appendCopy(of: 4..<12)
        buffer.appendCopy(of: 0..<0)
        buffer.appendCopy(of: 0..<24)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "0123456789abcdef456789ab" + "0123456789abcdef456789ab")
    }
}
