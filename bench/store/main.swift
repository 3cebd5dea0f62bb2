import Foundation
import Store

// bench/store (issue 27): rows written to the operations table through segued's own face of SQLite
// (the Store target: DurableStore.write, so the writer thread's commit and the wait for it count
// too), for comparison with bench/store/grdb, which writes the same rows through GRDB.swift. The
// rows are what bench/durability's cycle stores: about 300 bytes, for 1,000 sessions, 25 to a
// transaction (a group commit under load), under --fsync everysec (synchronous=NORMAL).
// Prints microseconds per row.

let rows = 50_000
let perTransaction = 25
let sessions = 1_000
let directory = NSTemporaryDirectory() + "segued-bench-store-\(getpid())"
let store = try DurableStore(directory: directory, policy: .everysec) { error in fatalError("the store failed: \(error)") }
let body = [UInt8](repeating: 7, count: 300)
let start = ContinuousClock.now
var next = 0
while next < rows {
    var writes: [StoreWrite] = []
    for _ in 0..<perTransaction {
        writes.append(.operation(StoredOperation(
            row: next + 1, session: "s\(next % sessions)", incarnation: 1, firstSequence: next, lastSequence: next, body: body)))
        next += 1
    }
    if let error = store.write(writes) { fatalError("a write failed: \(error)") }
}
let elapsed = ContinuousClock.now - start
store.close()
try? FileManager.default.removeItem(atPath: directory)
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print(String(format: "own face (Store): %d rows, %d to a transaction: %.1f µs a row", rows, perTransaction, seconds / Double(rows) * 1e6))
