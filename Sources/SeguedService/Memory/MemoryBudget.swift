import Foundation
import Synchronization

/// The memory the service lets clients fill, and what it holds of it now: sessions (a fixed share
/// each, their instances, event logs, idempotency caches and client data) and storyboards. New
/// sessions, uploads and commands that grow a session are refused (503 `memory-budget-exceeded`)
/// once the figure would pass the limit, so that the daemon says no before the kernel's OOM killer
/// steps in.
///
/// The figure is built from what the parts already measure (``EventLog/size``,
/// ``NavigationState/dataSize``, the idempotency cache's bytes, a storyboard's normalized size),
/// plus fixed estimates for what they do not (``Session/baseBytes``, ``Session/instanceBytes``,
/// ``storyboardResidentFactor``); it is an estimate of the memory they take, not the process's
/// resident size.
final class MemoryBudget: Sendable {
    let limit: Int
    private let used = Atomic<Int>(0)

    /// A storyboard in memory takes 3 to 20 times its normalized JSON (measured: many segues 2.8, a
    /// chain of scenes 11.6, many small scenes 20.1; ServiceConfiguration.maxStoryboardBytes).
    static let storyboardResidentFactor = 10

    init(limit: Int) { self.limit = limit }

    var accounted: Int { used.load(ordering: .relaxed) }

    /// Whether adding `bytes` would pass the limit.
    func wouldPass(adding bytes: Int) -> Bool { accounted > limit - bytes }

    /// Adds `bytes` unless that would pass the limit; returns whether it did.
    func reserve(_ bytes: Int) -> Bool {
        var current = used.load(ordering: .relaxed)
        while true {
            guard current <= limit - bytes else { return false }
            let (exchanged, original) = used.compareExchange(expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
    }

    /// Records growth that has happened (or, negative, memory given back).
    func adjust(by delta: Int) {
        if delta != 0 { used.wrappingAdd(delta, ordering: .relaxed) }
    }

    /// The default budget: half the memory the process may use, the smaller of the machine's
    /// physical memory and the cgroup's limit (`/sys/fs/cgroup/memory.max`, cgroup v2, when set).
    /// Half, because the figure counts what clients make the service hold, not the allocator's
    /// slack, the HTTP buffers or the binary.
    static func machineDefault(cgroupLimitPath: String = "/sys/fs/cgroup/memory.max") -> Int {
        var available = Int(clamping: ProcessInfo.processInfo.physicalMemory)
        if let text = try? String(contentsOfFile: cgroupLimitPath, encoding: .utf8),
            let cgroup = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), cgroup > 0
        {
            available = min(available, cgroup)
        }
        return max(available / 2, 64 << 20)
    }
}
