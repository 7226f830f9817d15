import Foundation
import LegibleBatch
import LegibleSystem

/// A benchmark's results as data (`Docs/Benchmarks.md`): each measure a row,
/// written with the commit, the machine and the command to `Bench/results/BENCH.json`, which a
/// rerun replaces and git keeps the history of. Docs quote these files, and a repository test
/// holds their tables to them.
enum BenchResults {
    /// One measure: what was measured, on what, its value and unit, and the table it is in.
    struct Row: Codable, Equatable {
        /// The table of the docs the row belongs to, one of the benchmark's, such as "read-all".
        var table: String
        /// What was measured, such as "typed character".
        var measure: String
        /// What it was measured on, such as "page of 100 lines".
        var subject: String
        /// The value, in `unit`, rounded to `decimals`.
        var value: Double
        /// Its unit, such as "µs" or "ms"; empty for a count or a ratio.
        var unit: String
        /// The decimals it is quoted with, in the docs' tables as here.
        var decimals: Int
    }

    /// The file's content.
    struct File: Codable {
        var bench: String
        var command: String
        var commit: String
        var date: String
        var machine: [String: String]
        var rows: [Row]
    }

    nonisolated(unsafe) static var rows: [Row] = []
    /// The table the rows recorded next belong to.
    nonisolated(unsafe) static var table = "main"

    /// Records a measure of this run, rounded to `decimals`, and prints it as one line.
    static func record(_ measure: String, on subject: String, _ value: Double, _ unit: String = "", decimals: Int = 1) {
        let scale = pow(10, Double(decimals))
        let row = Row(
            table: table, measure: measure, subject: subject, value: (value * scale).rounded() / scale, unit: unit, decimals: decimals)
        rows.append(row)
        let quoted = String(format: "%.*f", decimals, row.value) + (unit.isEmpty ? "" : " " + unit)
        print("\(subject) · \(measure): \(quoted)")
        fflush(nil)
    }

    /// `subject`, marked with its exit status when its run failed, so that a failed run's
    /// figures are never quoted as a measure.
    static func subject(_ subject: String, status: Int32) -> String {
        status == 0 ? subject : subject + " (exit \(status))"
    }

    /// Writes this run's rows, when there are any, to `Bench/results/BENCH.json` under `root`.
    static func write(bench: String, root: URL) throws {
        guard !rows.isEmpty else { return }
        let file = File(
            bench: bench, command: (["legible-bench"] + CommandLine.arguments.dropFirst()).joined(separator: " "), commit: commit(root),
            date: ISO8601DateFormatter().string(from: Date()), machine: machine(), rows: rows)
        let folder = root.appendingPathComponent("Bench/results").path
        try OutputFolder.make(folder, naming: "results folder")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(file), to: folder + "/" + bench + ".json")
        print("results: Bench/results/\(bench).json")
    }

    /// The commit the tree is at, with `+changes` when what was built and measured differs
    /// from it: the code, the package, the tools and the models, not the docs or the results.
    static func commit(_ root: URL) -> String {
        func git(_ arguments: [String]) -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            process.arguments = ["-C", root.path] + arguments
            let pipe = Pipe()
            (process.standardOutput, process.standardError) = (pipe, FileHandle.nullDevice)
            guard (try? process.run()) != nil else { return "" }
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let head = git(["rev-parse", "HEAD"])
        let measured = ["Sources", "Package.swift", "Package.resolved", "Tools", "Models"]
        return git(["status", "--porcelain", "--untracked-files=no", "--"] + measured).isEmpty ? head : head + "+changes"
    }

    /// The machine: its cores, memory, processor and kernel.
    static func machine() -> [String: String] {
        var info: [String: String] = ["cores": String(Processors.usable)]
        info["memory"] = String(format: "%.1f GiB", Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824)
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        if let line = cpu.split(separator: "\n").first(where: { $0.hasPrefix("model name") }), let name = line.split(separator: ":").last {
            info["processor"] = name.trimmingCharacters(in: .whitespaces)
        }
        info["system"] = ProcessInfo.processInfo.operatingSystemVersionString
        return info
    }
}

/// `n` with its thousands grouped by commas, as the docs write figures: 89999 is "89,999".
func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    let groups = stride(from: digits.count, to: 0, by: -3).map { end in
        String(digits[digits.index(digits.startIndex, offsetBy: max(0, end - 3))..<digits.index(digits.startIndex, offsetBy: end)])
    }
    return (n < 0 ? "-" : "") + groups.reversed().joined(separator: ",")
}
