import HTTPServer
import Testing

/// An entity tag is the number's decimal digits between quotes, as `"\"" + String(n) + "\""` writes it.
struct EntityTagTests {
    @Test func aTagIsTheNumberBetweenQuotes() {
        var samples = [0, 1, 9, 10, 99, 100, 12_345, Int.max, -1, -10, Int.min]
        var power = 1
        while power < Int.max / 10 {
            power *= 10
            samples += [power - 1, power, power + 1]
        }
        for value in samples { #expect(EntityTag.strong(value) == "\"" + String(value) + "\"", "\(value)") }
    }
}
