public import ArgumentParser
import Foundation
import Logging
import SeguedService
public import Store

extension FsyncPolicy: ExpressibleByArgument {}

/// `serve --state-dir`: the store opened before the service, and read after the server listens.
enum StateDirectory {
    /// The store in `directory`, or `nil` (in memory) without one. A store another daemon holds,
    /// one written by a newer segued, or a damaged one stops the start with the store's message.
    static func open(_ directory: String?, fsync: FsyncPolicy, logger: Logger) throws -> DurableStore? {
        guard let directory else { return nil }
        do {
            let store = try DurableStore(directory: directory, policy: fsync) { error in
                // A failed fsync or a write SQLite refuses for anything but space: what the kernel
                // said it had may be gone, so nothing more can be promised (PostgreSQL's lesson).
                logger.critical("cannot write the state directory, stopping: \(error)", metadata: ["exit_code": .stringConvertible(70)])
                exit(70)
            }
            let migrated = store.migratedFrom.map { " (migrated from schema \($0))" } ?? ""
            logger.info("state directory \(directory): \(store.path), store schema \(DurableStore.schemaVersion)\(migrated), --fsync \(fsync.rawValue)")
            return store
        } catch {
            logger.critical("cannot open the state directory: \(error)", metadata: ["exit_code": .stringConvertible(1)])
            throw ExitCode(1)
        }
    }

    /// Reads the store into the service (`/readyz` answers 200 after it); a damaged store stops
    /// the daemon with the store's message.
    static func recover(_ service: SeguedService, from store: DurableStore, logger: Logger) throws {
        let start = ContinuousClock.now
        let recovery: SeguedService.Recovery
        do {
            recovery = try service.recover()
        } catch {
            logger.critical("cannot read the state directory: \(error)", metadata: ["exit_code": .stringConvertible(1)])
            throw ExitCode(1)
        }
        for skipped in recovery.skipped { logger.warning("not restored from \(store.path): \(skipped)") }
        if recovery.deletedRows > 0 {
            logger.info("deleted \(recovery.deletedRows) stored operations of earlier sessions under the ids of stored ones")
        }
        logger.info("restored \(recovery.storyboards) storyboards and \(recovery.sessions) sessions (\(recovery.rows) stored operations and walk steps; each session's state is read on its first use) from \(store.path) in \(ContinuousClock.now - start)")
    }
}
