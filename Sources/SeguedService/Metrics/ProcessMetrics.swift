import Foundation

/// The process's own metrics under the names every Prometheus client library's process collector
/// uses (client_golang's `process_*`), read from `/proc/self` at each scrape: resident and virtual
/// memory, CPU time, open and maximum file descriptors, threads and start time. Off Linux, where
/// there is no `/proc`, none is given.
struct ProcessMetrics: Equatable {
    var residentBytes: Int?
    var virtualBytes: Int?
    var cpuSeconds: Double?
    var openFDs: Int?
    var maxFDs: Int?
    var threads: Int?
    var startTimeSeconds: Double?

    static func read() -> ProcessMetrics {
        var metrics = ProcessMetrics()
        if let status = text("/proc/self/status") {
            for line in status.split(separator: "\n") {
                let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard fields.count >= 2 else { continue }
                switch fields[0] {
                case "VmRSS:": metrics.residentBytes = Int(fields[1]).map { $0 * 1024 }
                case "VmSize:": metrics.virtualBytes = Int(fields[1]).map { $0 * 1024 }
                case "Threads:": metrics.threads = Int(fields[1])
                default: break
                }
            }
        }
        // /proc/self/stat: after the command's closing parenthesis, field 3 is the state; utime and
        // stime are fields 14 and 15, starttime field 22, in clock ticks (proc(5)).
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        if let stat = text("/proc/self/stat"), let close = stat.lastIndex(of: ")"), ticks > 0 {
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 19, let user = Double(fields[11]), let system = Double(fields[12]), let start = Double(fields[19]) {
                metrics.cpuSeconds = (user + system) / ticks
                if let boot = bootTime() { metrics.startTimeSeconds = boot + start / ticks }
            }
        }
        if let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            metrics.openFDs = descriptors.count
        }
        if let limits = text("/proc/self/limits"),
           let line = limits.split(separator: "\n").first(where: { $0.hasPrefix("Max open files") }) {
            metrics.maxFDs = line.dropFirst("Max open files".count).split(separator: " ").first.flatMap { Int($0) }
        }
        return metrics
    }

    /// The exposition lines, HELP and TYPE included, of the values that could be read.
    var exposition: [UInt8] {
        var text = ""
        func add(_ name: String, _ type: String, _ help: String, _ value: String?) {
            guard let value else { return }
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
        }
        add("process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.", cpuSeconds.map { String($0) })
        add("process_open_fds", "gauge", "Number of open file descriptors.", openFDs.map(String.init))
        add("process_max_fds", "gauge", "Maximum number of open file descriptors.", maxFDs.map(String.init))
        add("process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.", virtualBytes.map(String.init))
        add("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", residentBytes.map(String.init))
        add("process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.", startTimeSeconds.map { String($0) })
        add("process_threads", "gauge", "Number of OS threads in the process.", threads.map(String.init))
        return Array(text.utf8)
    }

    private static func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The system's boot time in seconds since the epoch (`btime` of /proc/stat).
    private static func bootTime() -> Double? {
        text("/proc/stat")?.split(separator: "\n").first { $0.hasPrefix("btime ") }.flatMap { Double($0.dropFirst(6)) }
    }
}

extension SeguedService {
    /// The process's resident size now (`/proc/self/status`), nil off Linux: `segued serve` sets
    /// it aside from `--max-memory` at start.
    public static func residentBytes() -> Int? { ProcessMetrics.read().residentBytes }
}
