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

    /// Every digit count (each power of ten and the number before it), growing from a full buffer.
    @Test func decimals_matchTheirDescription() {
        var values: [UInt] = [0, 1, 9, UInt.max, UInt.max - 1, UInt(Int.max) + 1]
        var power: UInt = 10
        while true {
            values += [power - 1, power, power + 1]
            let (next, overflow) = power.multipliedReportingOverflow(by: 10)
            if overflow { break }
            power = next
        }
        for value in values {
            var buffer = ByteBuffer(capacity: 16)
            buffer.append(utf8Of: "0123456789abcdef")
            buffer.appendDecimal(value)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == "0123456789abcdef" + String(value))
        }
    }

    /// Literals of one character may be stored as a Unicode scalar rather than as UTF-8.
    @Test func staticStrings_ofEveryRepresentation() {
        var buffer = ByteBuffer(capacity: 1)
        buffer.append("\"" as StaticString)
        buffer.append("é" as StaticString)
        buffer.append(#"{"seq":"# as StaticString)
        buffer.append("" as StaticString)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == #""é{"seq":"#)
    }
}
