import HTTPServer
import Testing

struct ByteStringTableTests {
    @Test func eachString_isAppendedWhole_inAnyOrder_emptyOnesIncluded() {
        let strings: [[UInt8]] = [Array(#"","scene":"détail","#.utf8), [], Array("viewWillAppear".utf8), [0x00, 0xFF]]
        let table = ByteStringTable(strings)
        #expect(table.count == 4)
        var buffer = ByteBuffer(capacity: 2)
        for index in [2, 0, 1, 3, 2] { table.append(index, to: &buffer) }
        #expect(buffer.bytes == strings[2] + strings[0] + strings[1] + strings[3] + strings[2])
        #expect((0..<4).map { table[$0] } == strings)
    }

    @Test func anEmptyTable_holdsNothing() {
        let table = ByteStringTable([])
        #expect(table.count == 0)
        let onlyEmpty = ByteStringTable([[]])
        var buffer = ByteBuffer()
        onlyEmpty.append(0, to: &buffer)
        #expect(buffer.byteCount == 0)
    }
}
