import Foundation
import LegibleFuzzing
import LegibleTestSupport
import Testing

/// The docs' inventories name everything there is (`Docs/Architecture.md`, "Tests"): a list
/// written by hand goes stale within a day unless a test reads it against the code.
@Suite("doc inventories")
struct DocInventoryTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The names declared in Package.swift by `kind` (`.target`, `.testTarget`, …), read from
    /// each `name: "…"` that follows the kind.
    static func declared(_ kind: String) throws -> [String] {
        let package = try text("Package.swift")
        let pattern = try NSRegularExpression(pattern: "\\." + kind + #"\(\s*name:\s*"([^"]+)""#)
        return pattern.matches(in: package, range: NSRange(package.startIndex..., in: package)).compactMap {
            Range($0.range(at: 1), in: package).map { String(package[$0]) }
        }
    }

    /// The first cell of each row of the table under `## Modules` in `path`.
    static func moduleRows(in path: String) throws -> [Substring] {
        let table = try text(path).components(separatedBy: "## Modules")[1].components(separatedBy: "\n## ")[0]
        return table.split(separator: "\n").filter { $0.hasPrefix("| ") }.map { $0.split(separator: "|").first ?? "" }
    }

    /// Records each of `names` that no row of `rows` names in backticks.
    static func expectNamed(_ names: [String], in rows: [Substring], table: String) {
        for name in names {
            #expect(rows.contains { $0.contains("`\(name)`") }, "\(table) does not name \(name)")
        }
    }

    /// The targets that live under `Tests/` and serve only the tests: no module table lists them.
    static let testSupport = ["LegibleTestSupport", "LegibleGoldenSupport", "LegibleCommandSupport", "legible-clippings-writer"]

    @Test("the module table names every library, system library and executable")
    func modules() throws {
        let names = try (Self.declared("target") + Self.declared("systemLibrary") + Self.declared("executableTarget")).filter {
            !Self.testSupport.contains($0)
        }
        #expect(names.count > 30)
        Self.expectNamed(names, in: try Self.moduleRows(in: "Docs/Architecture.md"), table: "Docs/Architecture.md's module table")
    }

    @Test("the README's module table names every Swift library and executable")
    func readmeModules() throws {
        let names = try (Self.declared("target") + Self.declared("executableTarget")).filter {
            !Self.testSupport.contains($0) && $0 != "legible-bench" && $0.lowercased().hasPrefix("legible")
        }
        #expect(names.count > 20)
        Self.expectNamed(names, in: try Self.moduleRows(in: "README.md"), table: "README.md's module table")
    }

    @Test("every test target is in the fast tier or named as a real-parts target")
    func tiers() throws {
        let fast = try Self.text("Tools/test-fast")
        let architecture = try Self.text("Docs/Architecture.md")
        let tiers = architecture.components(separatedBy: "## Tests")[1].components(separatedBy: "\n## ")[0]
        let realParts =
            tiers.components(separatedBy: "The real-parts\ntier is the rest:").last?.components(separatedBy: "`swift test` runs both")[0]
            ?? ""
        for name in try Self.declared("testTarget") {
            let inFast = fast.contains(" \(name) ") || fast.contains(" \(name)\"") || fast.contains("\"\(name) ")
            #expect(
                inFast != realParts.contains("`\(name)`"),
                "\(name) must be in exactly one tier (Tools/test-fast, or Architecture.md's real-parts list)")
        }
    }

    @Test("every fuzz harness has its row in Hardening.md and its name in Tools/fuzz")
    func harnesses() throws {
        let hardening = try Self.text("Docs/Hardening.md")
        // The targets `Tools/fuzz` accepts: its first `case` pattern, split at `|`.
        let pattern =
            try Self.text("Tools/fuzz").split(separator: "\n").first { $0.contains("|pdf-input|") && $0.hasSuffix(") shift ;;") } ?? ""
        let accepted = Set(pattern.dropLast(") shift ;;".count).split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) })
        for target in FuzzTarget.allCases {
            #expect(hardening.contains("\n| `\(target.rawValue)` |"), "Docs/Hardening.md has no row for the \(target.rawValue) harness")
            #expect(accepted.contains(target.rawValue), "Tools/fuzz does not accept \(target.rawValue)")
        }
        let counted = [
            "", "", "", "", "", "", "", "", "", "", "", "", "", "", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
        ]
        #expect(
            hardening.contains("holds \(counted[FuzzTarget.allCases.count]) harnesses"), "Docs/Hardening.md gives another harness count")
    }

    @Test("the door table names every Swift file that imports a C module, and each file it names exists")
    func doors() throws {
        let architecture = try Self.text("Docs/Architecture.md")
        let table = architecture.components(separatedBy: "## One door per C library")[1].components(separatedBy: "\n## ")[0]
        let doorColumn = table.split(separator: "\n").filter { $0.hasPrefix("| ") }.compactMap {
            $0.split(separator: "|").dropFirst().first
        }
        let named = Set(
            doorColumn.flatMap {
                $0.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }.filter { $0.contains("/") }
            })
        #expect(named.count > 10, "\(named)")
        for path in named {
            #expect(
                FileManager.default.fileExists(atPath: Repository.root.appendingPathComponent("Sources/" + path).path), "no Sources/\(path)"
            )
        }
        let sources = Repository.root.appendingPathComponent("Sources")
        let files =
            FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import C") && $0.dropFirst(8).first?.isUppercase == true }
            guard !imports.isEmpty else { continue }
            #expect(named.contains(file), "\(file) imports \(imports.joined(separator: ", ")) but is not a door in Docs/Architecture.md")
        }
    }
}
