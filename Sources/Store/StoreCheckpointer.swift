import Foundation

/// Copies the write-ahead log into the database file once a second, on its own thread and its own
/// connection, so that the writer (and the requests waiting on its commits) never waits for it.
/// Under `--fsync everysec` this is the sync the policy promises: the checkpoint syncs the log
/// before it copies (SQLite `synchronous=NORMAL`).
///
/// Done on the writer thread, the checkpoint's copy and its two syncs held every request queued
/// behind them: under bench/durability's cycle at `everysec` the p99 was 142-184 ms, against 40-65 ms
/// with this thread (release binary, two interleaved runs each on the loaded 2-core machine; the
/// rates were within the noise of each other).
///
/// A checkpoint that runs while the writer commits leaves the log's last frames uncopied, and SQLite
/// starts the log over only when a write finds all of it copied: under steady writes the log would
/// grow without end. So once it passes ``restartFrames``, the writer is asked to checkpoint
/// between two batches (``StoreWriter/requestCheckpoint()``), which copies the little left and lets
/// its next commit start the log over.
final class StoreCheckpointer: @unchecked Sendable {
    /// 16 MiB of 4 KiB pages: frames still in the log are read from it with read(2), not through the
    /// database's mapping, and found through its index, so a long log slows every commit.
    static let restartFrames = 4_096

    private let connection: SQLiteConnection
    private let writer: StoreWriter
    private let onFatal: @Sendable (StoreError) -> Void
    private let condition = NSCondition()
    private var stopping = false
    private var stopped = false

    /// `connection` is this thread's own, on the store's file, with the policy's `synchronous`.
    init(connection: SQLiteConnection, writer: StoreWriter, onFatal: @escaping @Sendable (StoreError) -> Void) {
        self.connection = connection
        self.writer = writer
        self.onFatal = onFatal
        let thread = Thread { [self] in run() }
        thread.name = "segued-checkpoint"
        thread.start()
    }

    /// Stops the thread (after the checkpoint it may be running); the writer's last checkpoint,
    /// when it stops, empties the log.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while !stopped { condition.wait() }
        condition.unlock()
    }

    private func run() {
        var checkpointed = writer.counts.batches
        while true {
            condition.lock()
            if !stopping { _ = condition.wait(until: Date(timeIntervalSinceNow: 1)) }
            let done = stopping
            condition.unlock()
            if done { break }
            // Only when batches were committed since the last one.
            let batches = writer.counts.batches
            guard batches != checkpointed else { continue }
            checkpointed = batches
            checkpoint()
        }
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func checkpoint() {
        do throws(SQLiteError) {
            // One row: busy, frames in the log, frames copied.
            let result = try connection.prepare("PRAGMA wal_checkpoint(PASSIVE)")
            guard try result.step() else { return }
            if result.int(1) > Self.restartFrames { writer.requestCheckpoint() }
        } catch {
            // A checkpoint that cannot sync is a failed fsync: PostgreSQL's lesson is not to retry.
            if error.isIOError { onFatal(.sqlite(error)) }
        }
    }
}
