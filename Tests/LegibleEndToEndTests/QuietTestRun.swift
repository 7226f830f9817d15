import Foundation
import LegibleCommandSupport

/// Waits for the rest of this test run to go quiet, so that a test whose client runs in real
/// time (Orca's say-all) has the machine to itself (`Docs/Orca.md`, "What `OrcaTests` asserts").
/// The work counted is this process's and its descendants' (in-process commands, Tesseract,
/// Chromium), from `/proc`, but for real-Orca sessions (`Tools/orca-session` and all it starts):
/// the other session's turn (`OrcaTurns`) is load the design accepts. A fuzzing campaign or any
/// other load outside the run is not waited for, since waiting would not end it.
enum QuietTestRun {
    /// Clock ticks of CPU time used so far by this process and every process below it but the
    /// real-Orca sessions: for each, its own time and that of the children it has reaped, so a
    /// process that ended between two readings is still counted, once, in its parent.
    static func treeTicks() -> Int {
        var parent: [Int32: Int32] = [:]
        var ticks: [Int32: Int] = [:]
        var sessions: Set<Int32> = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After the command name: state, ppid, …; utime is field 14, cstime field 17.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 15, let ppid = Int32(fields[1]) else { continue }
            parent[pid] = ppid
            ticks[pid] = fields[11...14].compactMap { Int($0) }.reduce(0, +)
            // The command name, in the parentheses: a script run by its path is named by its
            // file, as `OrcaSession.run` starts `Tools/orca-session`.
            if let open = stat.firstIndex(of: "("), stat[stat.index(after: open)..<close] == "orca-session" { sessions.insert(pid) }
        }
        let me = getpid()
        func inTree(_ pid: Int32) -> Bool {
            var current = pid
            for _ in 0..<64 {
                if sessions.contains(current) { return false }
                if current == me { return true }
                guard let next = parent[current], next > 1 else { return false }
                current = next
            }
            return false
        }
        return ticks.filter { inTree($0.key) }.values.reduce(0, +)
    }

    /// Returns once the run has used at most `cores` of CPU over a `window` of seconds, or after
    /// `limit` seconds; prints how long it waited.
    static func wait(cores: Double = 0.3, window: Int = 5, limit: Int = 900) async {
        let perSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        var readings = [treeTicks()]
        let start = Date()
        while Date().timeIntervalSince(start) < Double(limit) {
            try? await Task.sleep(nanoseconds: 1_000_000_000)
            readings.append(treeTicks())
            guard readings.count > window else { continue }
            readings.removeFirst(readings.count - window - 1)
            let used = Double(readings.last! - readings.first!) / perSecond / Double(window)
            // A process that left the tree (re-parented on its parent's exit) makes the sum fall.
            if used >= 0, used <= cores { break }
        }
        print("quiet test run: waited \(Int(Date().timeIntervalSince(start))) s for the rest of the run to settle")
    }
}
