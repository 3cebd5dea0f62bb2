import Foundation
@testable import Store
import Testing

/// Issue 53, item 5: a damaged, cut or missing write-ahead log refuses the start (SQLite would
/// open it as an older store, silently: 0 or 30 of 60 sessions), a torn tail after the last commit
/// does not, and `segued store recover` sets the files aside and keeps what the log holds.
struct LogCheckTests {
    static let sessions = 60

    /// A store of 60 sessions, each in a commit of its own, copied while the daemon holds it (as
    /// `kill -9` leaves it: the log, its mark, the database file), then closed.
    static func crashedStore() throws -> TemporaryStateDirectory {
        let live = TemporaryStateDirectory()
        defer { live.cleanUp() }
        let store = try live.open(.always)
        for number in 1...sessions {
            #expect(store.write([.session(DurableStoreTests.session("s\(number)", revision: 1, sequence: 2))]) == nil)
        }
        let copy = TemporaryStateDirectory()
        try FileManager.default.createDirectory(atPath: copy.path, withIntermediateDirectories: true)
        for name in [DurableStore.fileName, DurableStore.fileName + "-wal", LogMark.fileName] {
            try FileManager.default.copyItem(atPath: live.path + "/" + name, toPath: copy.path + "/" + name)
        }
        store.close()
        return copy
    }

    static func wal(_ directory: TemporaryStateDirectory) -> String { directory.path + "/" + DurableStore.fileName + "-wal" }

    static func damage(_ path: String, at offset: Int, count: Int) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        let bytes = try #require(try handle.read(upToCount: count))
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data(bytes.map { $0 ^ 0xFF }))
    }

    /// The refusal: the log named, the recovery command given.
    static func refuses(_ directory: TemporaryStateDirectory, saying detail: String) {
        #expect {
            _ = try directory.open()
        } throws: { error in
            guard case .damagedLog(let named, let file, let said) = error as? StoreError else { return false }
            return named == directory.path && file == wal(directory) && said.contains(detail)
                && "\(error)".contains("segued store recover --state-dir \(directory.path)")
        }
    }

    static func storedSessions(_ directory: TemporaryStateDirectory) throws -> Int {
        let store = try directory.open()
        defer { store.close() }
        return try DurableStoreTests.loaded(store).sessions.count
    }

    @Test func theCopy_opensWithEverySession() throws {
        let directory = try Self.crashedStore()
        defer { directory.cleanUp() }
        let wal = try #require(WALFile.read(Self.wal(directory)))
        #expect(wal.headerValid && wal.committedFrames >= Self.sessions)
        #expect(try Self.storedSessions(directory) == Self.sessions)
    }

    @Test func sixteenBytesFlippedInTheHeader_refuseTheStart() throws {
        let directory = try Self.crashedStore()
        defer { directory.cleanUp() }
        try Self.damage(Self.wal(directory), at: 8, count: 16)
        Self.refuses(directory, saying: "its header fails its checksum")
        // Refused again: nothing was written over it.
        Self.refuses(directory, saying: "its header fails its checksum")
    }

    @Test func aFrameDamagedInTheMiddle_refusesTheStart() throws {
        let directory = try Self.crashedStore()
        defer { directory.cleanUp() }
        let wal = try #require(WALFile.read(Self.wal(directory)))
        let middle = WALFile.headerBytes + wal.validFrames / 2 * (WALFile.frameHeaderBytes + wal.pageSize) + WALFile.frameHeaderBytes + 100
        try Self.damage(Self.wal(directory), at: middle, count: 16)
        Self.refuses(directory, saying: "frame \(wal.validFrames / 2 + 1) fails its checksum")
    }

    @Test func aLogCutToHalf_refusesTheStart() throws {
        let directory = try Self.crashedStore()
        defer { directory.cleanUp() }
        let path = Self.wal(directory)
        let size = try #require(WALFile.read(path)).size
        try #require(FileHandle(forUpdatingAtPath: path)).truncate(atOffset: UInt64(size / 2))
        Self.refuses(directory, saying: "it is cut short")
    }

    @Test func aMissingLog_refusesTheStart() throws {
        let directory = try Self.crashedStore()
        defer { directory.cleanUp() }
        try FileManager.default.removeItem(atPath: Self.wal(directory))
        Self.refuses(directory, saying: "it is missing or empty")
    }

    /// What `kill -9` in the middle of a commit leaves: frames of a transaction that did not commit,
    /// the last one torn. SQLite drops them; the store opens with every committed session.
    @Test func aTornTailAfterTheLastCommit_opensWithEverySession() throws {
        let directory = try Self.crashedStore()
        defer { directory.cleanUp() }
        let path = Self.wal(directory)
        let wal = try #require(WALFile.read(path))
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seekToEnd()
        // A frame header with the log's salts and a page cut short, checksum wrong.
        var torn: [UInt8] = [0, 0, 0, 2, 0, 0, 0, 0] + wal.salts + [1, 2, 3, 4, 5, 6, 7, 8]
        torn += [UInt8](repeating: 0x41, count: wal.pageSize / 3)
        try handle.write(contentsOf: Data(torn))
        try handle.close()
        #expect(try Self.storedSessions(directory) == Self.sessions)
    }

    /// A clean stop empties the log: the next start expects nothing of it.
    @Test func aCleanStop_andAnEmptyLog_open() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let store = try directory.open(.always)
        #expect(store.write([.session(DurableStoreTests.session("a", revision: 1, sequence: 2))]) == nil)
        store.close()
        #expect(try Self.storedSessions(directory) == 1)
        #expect(try Self.storedSessions(directory) == 1)
    }

    /// `segued store recover`: the damaged files set aside first, then the store opens.
    @Test func recovery_setsTheFilesAside_andTheStoreOpens() throws {
        let directory = try Self.crashedStore()
        defer { directory.cleanUp() }
        let wal = try #require(WALFile.read(Self.wal(directory)))
        let middle = WALFile.headerBytes + wal.validFrames / 2 * (WALFile.frameHeaderBytes + wal.pageSize) + WALFile.frameHeaderBytes + 100
        try Self.damage(Self.wal(directory), at: middle, count: 16)
        let damaged = try Data(contentsOf: URL(fileURLWithPath: Self.wal(directory)))
        let report = try LogRecovery.recover(directory: directory.path, now: Date(timeIntervalSince1970: 0))
        let aside = try #require(report.setAside)
        #expect(aside == directory.path + "/damaged-19700101T000000Z")
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside + "/" + DurableStore.fileName + "-wal")) == damaged)
        #expect(report.lines.last?.hasPrefix("kept the database file and the log's") == true)
        let kept = try Self.storedSessions(directory)
        #expect(kept > 0 && kept < Self.sessions)
        // Nothing left to recover.
        #expect(try LogRecovery.recover(directory: directory.path).setAside == nil)
    }
}
