import Foundation
import LegibleTestSupport
import Testing

/// `Package.swift` states its ordering rule: each target imports only the targets listed
/// before it (`Docs/Architecture.md`, "Modules"). This holds it: a dependency declared after
/// its user would let a lower layer reach up.
@Suite("the package's layering")
struct PackageLayeringTests {
    /// Each target's name and the names of the targets it depends on, in declaration order.
    static func targets() throws -> [(name: String, dependencies: [String])] {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        // A declaration starts its line; `.target(name:, condition:)` inside a list is a dependency.
        let declaration = try Regex(#"(?m)^\s*\.(?:target|systemLibrary|executableTarget|testTarget)\(\s*name:\s*"([\w-]+)""#)
        let matches = text.matches(of: declaration)
        let names = matches.map { String($0.output[1].substring ?? "") }
        return matches.indices.map { index in
            let end = index + 1 < matches.count ? matches[index + 1].range.lowerBound : text.endIndex
            let block = text[matches[index].range.upperBound..<end]
            guard let start = block.range(of: "dependencies:") else { return (names[index], []) }
            let quoted = block[start.upperBound...].matches(of: #/"([\w-]+)"/#).map { String($0.output.1) }
            return (names[index], quoted.filter { names.contains($0) })
        }
    }

    @Test("every dependency is declared before the target that uses it")
    func dependenciesComeFirst() throws {
        let targets = try Self.targets()
        #expect(targets.count > 20)
        var seen = Set<String>()
        var late: [String] = []
        for target in targets {
            late += target.dependencies.filter { !seen.contains($0) }.map { "\(target.name) → \($0)" }
            seen.insert(target.name)
        }
        #expect(late.isEmpty)
    }

    /// Every target `name` reaches through its dependencies, itself left out.
    static func closure(of name: String, in targets: [(name: String, dependencies: [String])]) -> Set<String> {
        let direct = Dictionary(targets.map { ($0.name, $0.dependencies) }, uniquingKeysWith: { $0 + $1 })
        var reached = Set<String>()
        var next = direct[name] ?? []
        while let target = next.popLast() {
            guard reached.insert(target).inserted else { continue }
            next += direct[target] ?? []
        }
        return reached
    }

    @Test("a client that links page documents links no recogniser, PDF reader or speech engine")
    func pageDocumentsLinkNoEngine() throws {
        let targets = try Self.targets()
        let reached = Self.closure(of: "LegibleNotebook", in: targets)
        // What it must reach, so that the closure is read at all.
        #expect(reached.isSuperset(of: ["LegiblePages", "LegibleLayout", "LegibleSystem", "CLeptonica"]))
        let engines: Set = ["CTesseract", "CONNXRuntime", "CPoppler", "CQPDF", "CEspeak", "COpusEnc"]
        let modules: Set = ["LegibleOCR", "LegibleHandwriting", "LegibleIngest", "LegibleLearning", "LegibleRecognition", "LegibleSpeech"]
        #expect(reached.intersection(engines.union(modules)).isEmpty)
        // Reading never imports learning (`Docs/Architecture.md`, "Notebook services").
        #expect(!Self.closure(of: "LegibleRecognition", in: targets).contains("LegibleLearning"))
    }

    /// The modules a row of Architecture.md's module table names in its "depends on" cell: a
    /// short name (`Layout`), a backticked C module (`CZlib`), or "test support".
    static func namedDependencies(_ cell: Substring, among names: Set<String>) -> Set<String> {
        var named = Set<String>()
        for match in cell.matches(of: #/[A-Za-z][A-Za-z0-9-]*/#) {
            let word = String(match.output)
            if names.contains(word) {
                named.insert(word)
            } else if names.contains("Legible" + word) {
                named.insert("Legible" + word)
            }
        }
        if cell.contains("test support") { named.insert("LegibleTestSupport") }
        return named
    }

    @Test("Architecture.md's dependency column is what Package.swift declares")
    func dependencyColumn() throws {
        let targets = try Self.targets()
        let names = Set(targets.map(\.name))
        let text = try String(contentsOf: Repository.root.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8)
        let table = text.components(separatedBy: "## Modules")[1].components(separatedBy: "\n## ")[0]
        var checked = 0
        for row in table.split(separator: "\n") where row.hasPrefix("| `") {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            // One module a row; a row of several (the system libraries) or "all" (the bench) says no one list.
            let modules = cells[1].matches(of: #/`([\w-]+)`/#).map { String($0.output.1) }
            guard cells.count >= 4, modules.count == 1, let declared = targets.first(where: { $0.name == modules[0] }),
                cells[3] != "all"
            else { continue }
            let named = Self.namedDependencies(Substring(cells[3]), among: names)
            #expect(
                named == Set(declared.dependencies),
                "\(modules[0]): the table says \(named.sorted()), Package.swift \(declared.dependencies.sorted())")
            checked += 1
        }
        #expect(checked > 25)
    }
}
