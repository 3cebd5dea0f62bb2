import HTTPServer
import Testing

@Suite struct HexStringTests {
    @Test func digits_areBothWordsInLowercaseHexMostSignificantFirst() {
        #expect(HexString.digits(0, 0) == String(repeating: "0", count: 32))
        #expect(HexString.digits(0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210) == "0123456789abcdeffedcba9876543210")
        #expect(HexString.digits(.max, 1) == "ffffffffffffffff0000000000000001")
    }

    @Test func digits_agreeWithStringRadix() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let high = generator.next() as UInt64, low = generator.next() as UInt64
            let padded = { (value: UInt64) in
                let digits = String(value, radix: 16)
                return String(repeating: "0", count: 16 - digits.count) + digits
            }
            #expect(HexString.digits(high, low) == padded(high) + padded(low))
        }
    }
}
