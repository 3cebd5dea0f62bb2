@testable import SeguedService
import Testing

/// A session's stored rows go oldest first, across the compaction of the array behind them, and
/// all at once when the session ends.
struct StoredProgressTests {
    @Test func rowsAreReleasedOldestFirst_acrossCompaction_thenAllAtOnce() {
        var progress = StoredProgress()
        for row in 1...100 { progress.hold(StoredRow(row: row, lastSequence: row * 10)) }
        #expect(progress.release(before: 10) == [])
        // Rows 1-35 end before event 355; 35 passed over, more than 32 but not half: kept behind.
        #expect(progress.release(before: 355) == Array(1...35))
        // Then 36-60: past half, the array is compacted.
        #expect(progress.release(before: 601) == Array(36...60))
        #expect(progress.release(before: 601) == [])
        progress.hold(StoredRow(row: 101, lastSequence: 1010))
        #expect(progress.release(before: 621) == [61, 62])
        #expect(progress.releaseAll() == Array(63...101))
        #expect(progress.releaseAll() == [])
        #expect(progress.release(before: .max) == [])
    }
}
