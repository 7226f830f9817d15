import Foundation
import LegibleTestSupport
import Testing

/// Tables in the docs are the benchmarks' results as data (`Docs/Architecture.md`, "Measures").
/// A table follows a marker `<!-- results: BENCH TABLE -->` and is drawn from the rows of
/// `Bench/results/BENCH.json` in that table: a column for each measure, a row for each subject,
/// in the order measured. So a table cannot drift from what was measured, and a new run that
/// changes a figure fails here until the docs are drawn again, with
/// `LEGIBLE_RECORD_TABLES=1 swift test --filter BenchTableTests`.
@Suite("docs' tables and the benchmarks' results")
struct BenchTableTests {
    /// A row of a results file, decoded here on its own: the bench is an executable, whose
    /// types cannot be imported, and a check that reads the file independently is the point.
    struct Row: Decodable {
        var table: String
        var measure: String
        var subject: String
        var value: Double
        var unit: String
        var decimals: Int
    }

    struct File: Decodable {
        var bench: String
        var commit: String
        var machine: [String: String]
        var rows: [Row]
    }

    /// A marker found in a doc: the file, the line the marker is on, and what it names.
    struct Marker {
        var doc: String
        var line: Int
        var bench: String
        var table: String
    }

    static let results = Repository.root.appendingPathComponent("Bench/results")

    static func file(_ bench: String) throws -> File {
        try JSONDecoder().decode(File.self, from: Data(contentsOf: results.appendingPathComponent(bench + ".json")))
    }

    /// The Markdown table of `table`'s rows in `file`.
    static func draw(_ file: File, table: String) -> [String] {
        let rows = file.rows.filter { $0.table == table }
        var measures: [String] = [], subjects: [String] = []
        for row in rows {
            if !measures.contains(row.measure) { measures.append(row.measure) }
            if !subjects.contains(row.subject) { subjects.append(row.subject) }
        }
        func cell(_ subject: String, _ measure: String) -> String {
            guard let row = rows.last(where: { $0.subject == subject && $0.measure == measure }) else { return "–" }
            return String(format: "%.*f", row.decimals, row.value) + (row.unit.isEmpty ? "" : " " + row.unit)
        }
        return ["|  | " + measures.joined(separator: " | ") + " |", "|" + String(repeating: " --- |", count: measures.count + 1)]
            + subjects.map { subject in "| " + ([subject] + measures.map { cell(subject, $0) }).joined(separator: " | ") + " |" }
    }

    /// Every doc that may hold a table: the README and `Docs/*.md`.
    static var docs: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Repository.root.appendingPathComponent("Docs").path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
    }

    static func markers(in doc: String) throws -> [Marker] {
        let lines = try String(contentsOf: Repository.root.appendingPathComponent(doc), encoding: .utf8).components(separatedBy: "\n")
        var fenced = false
        return lines.enumerated().compactMap { index, line in
            // A marker shown in a fenced code block is an example, not a table.
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced, line.hasPrefix("<!-- results: "), line.hasSuffix(" -->") else { return nil }
            let words = line.dropFirst("<!-- results: ".count).dropLast(" -->".count).split(separator: " ", maxSplits: 1)
            guard words.count == 2 else { return nil }
            return Marker(doc: doc, line: index, bench: String(words[0]), table: String(words[1]))
        }
    }

    @Test("every table after a results marker is drawn from its results file")
    func tables() throws {
        let record = ProcessInfo.processInfo.environment["LEGIBLE_RECORD_TABLES"] == "1"
        var drawn = 0
        for doc in Self.docs {
            let url = Repository.root.appendingPathComponent(doc)
            var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            for marker in try Self.markers(in: doc).reversed() {
                guard let file = try? Self.file(marker.bench) else {
                    Issue.record("\(doc):\(marker.line + 1): no Bench/results/\(marker.bench).json")
                    continue
                }
                let expected = Self.draw(file, table: marker.table)
                #expect(expected.count > 2, "\(doc):\(marker.line + 1): \(marker.bench).json has no rows in table \(marker.table)")
                let start = marker.line + 1
                let end = lines[start...].firstIndex { !$0.hasPrefix("|") } ?? lines.endIndex
                if record {
                    lines.replaceSubrange(start..<end, with: expected)
                } else {
                    #expect(
                        Array(lines[start..<end]) == expected,
                        "\(doc):\(start + 1): the table is not \(marker.bench).json's \(marker.table)")
                }
                drawn += 1
            }
            if record { try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8) }
        }
        #expect(drawn > 0)
    }

    @Test("every results file names its commit and machine, and some doc quotes each of its tables")
    func everyResultQuoted() throws {
        let quoted = Set(try Self.docs.flatMap { try Self.markers(in: $0) }.map { $0.bench + " " + $0.table })
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.results.path).filter { $0.hasSuffix(".json") }
        #expect(!names.isEmpty)
        for name in names {
            let file = try Self.file(String(name.dropLast(5)))
            #expect(file.bench + ".json" == name && file.commit.count >= 40 && file.machine["cores"] != nil, "\(name)")
            for table in Set(file.rows.map(\.table)) {
                #expect(quoted.contains(file.bench + " " + table), "no doc quotes \(name)'s table \(table)")
            }
        }
    }
}
