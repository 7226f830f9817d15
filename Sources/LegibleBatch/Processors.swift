import Foundation

/// How many processors this process may keep busy at once: the machine's, fewer when the
/// process is pinned to some of them (`taskset`, a Slurm or container cpuset) or its control
/// group's CPU quota allows fewer (`docker --cpus`, systemd's `CPUQuota`).
///
/// Foundation's `activeProcessorCount` counts the machine's processors whatever the process
/// may use. Pinned to one core of two, `legible ingest` ran two workers and two model threads
/// on it, and ONNX Runtime's threads spin while they wait: a letter took 3.5 s instead of
/// 2.6 (`Docs/Recognition.md`, "Speed and memory").
public enum Processors {
    /// The processors this process may use now, at least one.
    public static var usable: Int {
        let online = ProcessInfo.processInfo.activeProcessorCount
        // The calling thread's mask, which a pinned process's threads inherit.
        let pinned = (read("/proc/thread-self/status") ?? read("/proc/self/status")).flatMap(allowed(status:))
        return max(1, min(online, pinned ?? online, quota() ?? online))
    }

    /// The processors a `/proc/…/status` allows (its `Cpus_allowed_list`, such as `0-3,8`),
    /// or nil when it names none.
    static func allowed(status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else { return nil }
        var count = 0
        for range in line.dropFirst("Cpus_allowed_list:".count).split(separator: ",") {
            let ends = range.split(separator: "-").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            // A range past any machine's processors is no answer, not an overflow.
            guard let first = ends.first ?? nil, let last = ends.last ?? nil, ends.count <= 2, last >= first, last - first < 1 << 20
            else { return nil }
            count += last - first + 1
        }
        return count > 0 ? count : nil
    }

    /// Processors' worth of time the control group's quota gives a period, rounded up, from
    /// cgroup v2's `cpu.max` (`QUOTA PERIOD`, or `max PERIOD` for none); nil without a quota.
    static func quota(cpuMax: String) -> Int? {
        let fields = cpuMax.split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let quota = Double(fields[0]), let period = Double(fields[1]) else { return nil }
        return share(quota, period)
    }

    /// The same from cgroup v1's `cpu.cfs_quota_us` and `cpu.cfs_period_us` (a quota of -1
    /// is none).
    static func quota(cfsQuota: String, cfsPeriod: String) -> Int? {
        guard let quota = Double(cfsQuota.trimmingCharacters(in: .whitespacesAndNewlines)),
            let period = Double(cfsPeriod.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return nil }
        return share(quota, period)
    }

    /// Nil for a share that is not a number of processors (not finite, or past 2^20), which
    /// `Int(_:)` would trap on.
    private static func share(_ quota: Double, _ period: Double) -> Int? {
        let share = (quota / period).rounded(.up)
        guard quota > 0, period > 0, share.isFinite, share < Double(1 << 20) else { return nil }
        return max(1, Int(share))
    }

    /// The tightest quota on this process's control group or any group above it, read from
    /// the cgroup file system mounted at `/sys/fs/cgroup`.
    static func quota(root: String = "/sys/fs/cgroup") -> Int? {
        guard let groups = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8) else { return nil }
        var tightest: Int?
        for line in groups.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            // The controllers name a folder of the mount: letters, `_` and `,` only.
            guard fields.count == 3, fields[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_" || $0 == ",") }) else { continue }
            let controllers = fields[1].split(separator: ",")
            for folder in folders(from: String(fields[2])) {
                var found: Int?
                if fields[1].isEmpty {
                    found = read("\(root)\(folder)/cpu.max").flatMap { quota(cpuMax: $0) }
                } else if controllers.contains("cpu") {
                    let base = "\(root)/\(fields[1])\(folder)"
                    if let quotaText = read("\(base)/cpu.cfs_quota_us"), let periodText = read("\(base)/cpu.cfs_period_us") {
                        found = quota(cfsQuota: quotaText, cfsPeriod: periodText)
                    }
                }
                if let found { tightest = min(tightest ?? found, found) }
            }
        }
        return tightest
    }

    /// `group` and each group above it, as folders under the mount (`/a/b`, `/a`, ``); none
    /// when a part of it could climb out (`.`, `..`).
    static func folders(from group: String) -> [String] {
        var parts = group.split(separator: "/").map(String.init)
        guard !parts.contains(where: { $0 == "." || $0 == ".." }) else { return [] }
        var folders: [String] = []
        while true {
            folders.append(parts.isEmpty ? "" : "/" + parts.joined(separator: "/"))
            guard !parts.isEmpty else { return folders }
            parts.removeLast()
        }
    }

    private static func read(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }
}
