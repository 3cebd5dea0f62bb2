import Foundation
import GRDB

// The rows of bench/store/main.swift through GRDB.swift: a DatabasePool (WAL) with
// synchronous=NORMAL, the operations table of segued's schema (Sources/Store/StoreSchema.swift),
// each transaction one `write` with a cached statement. Prints microseconds per row.

let rows = 50_000
let perTransaction = 25
let sessions = 1_000
let path = NSTemporaryDirectory() + "segued-bench-store-grdb-\(getpid()).sqlite3"
var configuration = Configuration()
configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
let pool = try DatabasePool(path: path, configuration: configuration)
try pool.write { db in
    try db.execute(sql: """
        CREATE TABLE operations (
            session TEXT NOT NULL,
            incarnation INTEGER NOT NULL,
            first_sequence INTEGER NOT NULL,
            last_sequence INTEGER NOT NULL,
            body BLOB NOT NULL
        )
        """)
}
let body = Data(repeating: 7, count: 300)
let start = ContinuousClock.now
var next = 0
while next < rows {
    try pool.write { db in
        let insert = try db.cachedStatement(sql: "INSERT OR REPLACE INTO operations (rowid, session, incarnation, first_sequence, last_sequence, body) VALUES (?, ?, ?, ?, ?, ?)")
        for _ in 0..<perTransaction {
            try insert.execute(arguments: [next + 1, "s\(next % sessions)", 1, next, next, body])
            next += 1
        }
    }
}
let elapsed = ContinuousClock.now - start
try pool.close()
for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print(String(format: "GRDB.swift 7.10.0: %d rows, %d to a transaction: %.1f µs a row", rows, perTransaction, seconds / Double(rows) * 1e6))
