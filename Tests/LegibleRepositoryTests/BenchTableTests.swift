import Foundation
import LegibleTestSupport
import Testing

/// Tables in the docs quote the benchmarks' results as data (`Docs/Architecture.md`,
/// "Measures"): each figure of a checked table is the one in its `Bench/results/` file, so a
/// table cannot drift from what was measured, and a new run that changes a figure fails here
/// until the table says it too.
@Suite("docs' tables and the benchmarks' results")
struct BenchTableTests {
    struct Row: Decodable {
        var measure: String
        var subject: String
        var value: Double
        var unit: String
    }

    struct File: Decodable {
        var bench: String
        var commit: String
        var machine: [String: String]
        var rows: [Row]
    }

    static func results(_ bench: String) throws -> File {
        try JSONDecoder().decode(
            File.self, from: Data(contentsOf: Repository.root.appendingPathComponent("Bench/results/\(bench).json")))
    }

    /// The table row of `doc` whose first cell starts with `label`.
    static func row(_ doc: String, startingWith label: String) throws -> String? {
        let text = try String(contentsOf: Repository.root.appendingPathComponent(doc), encoding: .utf8)
        return text.split(separator: "\n").first { $0.hasPrefix("| " + label) }.map(String.init)
    }

    @Test("Editing.md's typing table is Bench/results/editing-typing.json, figure for figure")
    func typing() throws {
        let file = try Self.results("editing-typing")
        #expect(file.bench == "editing-typing" && file.commit.count >= 40 && file.machine["cores"] != nil)
        let subjects = Set(file.rows.map(\.subject))
        #expect(subjects.count == 3)
        for subject in subjects {
            let lines = subject.split(separator: " ")[2]
            let row = try #require(try Self.row("Docs/Editing.md", startingWith: "\(lines) lines"), "no row for \(subject)")
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let measures = ["typed character", "backspace", "typed character with its caret rect", "document built"]
            for (column, measure) in measures.enumerated() {
                let figure = try #require(file.rows.first { $0.subject == subject && $0.measure == measure })
                let quoted = String(format: figure.unit == "ms" ? "%.2f %@" : "%.1f %@", figure.value, figure.unit)
                #expect(cells[column + 1] == quoted, "\(subject), \(measure): the table says \(cells[column + 1]), the results \(quoted)")
            }
        }
    }
}
