@testable import SeguedService
import Testing

/// Elements let go from the front, by a condition or by count, through the compactions that
/// follow once most of the storage is let go.
struct FrontReleasedArrayTests {
    @Test func releasingWhile_handsOverEachInOrder() {
        var array = FrontReleasedArray<Int>()
        array.append(contentsOf: 1...10)
        var released: [Int] = []
        array.release(while: { $0 < 4 }) { released.append($0) }
        #expect(released == [1, 2, 3])
        #expect(Array(array.held) == Array(4...10))
    }

    @Test func releasingFirst_countsFromTheOldestHeld_andStopsAtTheEnd() {
        var array = FrontReleasedArray<Int>()
        array.append(contentsOf: 1...5)
        array.release(first: 2)
        #expect(Array(array.held) == [3, 4, 5])
        array.release(first: 0)
        array.release(first: -1)
        #expect(Array(array.held) == [3, 4, 5])
        array.release(first: 10)
        #expect(array.held.isEmpty)
        array.append(6)
        #expect(Array(array.held) == [6])
    }

    /// Past 32 let go and more than half the storage, the rest moves to the front: what is held
    /// stays the same, in order.
    @Test func compacting_keepsWhatIsHeld() {
        var array = FrontReleasedArray<Int>()
        for value in 1...1000 {
            array.append(value)
            if value % 3 == 0 { array.release(first: 2) }
        }
        // 333 releases of two: 666 let go.
        #expect(Array(array.held) == Array(667...1000))
        #expect(array.held.startIndex < 666, "compacted at least once: without, the first held would be at 666")
    }
}
