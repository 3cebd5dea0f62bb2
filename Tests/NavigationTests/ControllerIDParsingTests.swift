import Navigation
import Testing

/// Instance ids are read from requests byte by byte; they must accept exactly the form ids are
/// written in, as the reading by writing the number back did.
struct ControllerIDParsingTests {
    /// The former reading: a number after `vc`, accepted only if writing it back gives the text.
    private func byWritingBack(_ text: String) -> ControllerID? {
        guard text.hasPrefix("vc"), let number = Int(text.dropFirst(2)), number > 0, text == "vc\(number)" else { return nil }
        return ControllerID(rawValue: number)
    }

    @Test func acceptsOnlyTheWrittenForm() {
        let samples = [
            "vc1", "vc12", "vc9223372036854775807", "vc9223372036854775808", "vc99999999999999999999", "vc0", "vc00",
            "vc01", "vc+1", "vc-1", "vc", "v", "", "vc1x", "vcx1", " vc1", "vc1 ", "VC1", "vc١", "vc１", "vc1e3", "vc0x1",
            "vċ1", "vc\u{0}1", "vc10", "vc100000",
        ]
        for text in samples { #expect(ControllerID(text) == byWritingBack(text), "\(text)") }
        #expect(ControllerID("vc9223372036854775807")?.rawValue == Int.max)
        #expect(ControllerID("vc12")?.rawValue == 12)
        #expect(ControllerID("vc0") == nil)
    }

    @Test func agreesWithTheWrittenFormOnManyTexts() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("vc0123456789+- x")
        for _ in 0..<20_000 {
            let text = String((0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            #expect(ControllerID(text) == byWritingBack(text), "\(text)")
            let id = "vc" + String(Int.random(in: 1...Int.max, using: &generator))
            #expect(ControllerID(id)?.description == id)
        }
    }
}
