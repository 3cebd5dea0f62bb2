import Navigation
import Testing

struct EventMethodTests {
    /// `position` indexes tables built from `allCases`, so it must be exactly the declaration order.
    @Test func positionIsTheIndexInAllCases() {
        #expect(EventMethod.allCases.map(\.position) == Array(EventMethod.allCases.indices))
    }
}
