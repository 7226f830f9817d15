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
        let declaration = try Regex(#"\.(?:target|systemLibrary|executableTarget|testTarget)\(\s*name:\s*"([\w-]+)""#)
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
}
