import Foundation

/// Copies the write-ahead log into the database file once a second, on its own thread and its own
/// connection, so that the writer (and the requests waiting on its commits) waits for as little of
/// it as can be. Under `--fsync everysec` this is the sync the policy promises: a checkpoint syncs
/// the log before it copies (SQLite `synchronous=NORMAL`).
///
/// Two steps. A PASSIVE checkpoint copies what the log holds while the writer goes on committing;
/// then a RESTART checkpoint copies the few frames committed meanwhile, holding the writer off
/// (it waits in SQLite's busy handler) only for those and the syncs, and makes the next commit
/// start the log over. Without the second step the log never started over under a steady load: a
/// checkpoint that runs while the writer commits never finds all of it copied (230-250 MB of log
/// after 5 s of bench/durability's cycle). Done wholly on the writer thread, the copy of a second
/// of log held every request queued behind it (p99 131-270 ms under the cycle at `everysec`).
final class StoreCheckpointer: @unchecked Sendable {
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
            try connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
            try connection.execute("PRAGMA wal_checkpoint(RESTART)")
        } catch {
            // A checkpoint that cannot sync is a failed fsync: PostgreSQL's lesson is not to retry.
            if error.isIOError { onFatal(.sqlite(error)) }
        }
    }
}
