import Foundation
import LegibleTestSupport
import Testing

/// Code and docs cite design notes as `Docs/X.md, "Section"` (or `[X.md](X.md), "Section"`).
/// Every such citation must name a heading that exists, so the notes cannot drift away from
/// what cites them unnoticed. A heading matches when it is the section, or the section followed
/// by a parenthesis ("Measured (release build, …)").
@Suite("design-note citations")
struct DocCitationTests {
    static let root = Repository.root

    /// Each note's headings, without their `#` marks.
    static func headings() throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)
        where name.hasSuffix(".md") {
            let text = try String(contentsOf: root.appendingPathComponent("Docs/\(name)"), encoding: .utf8)
            result[name] = text.split(separator: "\n").filter { $0.hasPrefix("#") }.map {
                String($0.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces)
            }
        }
        return result
    }

    /// The text files that may cite a note: sources, tests, tools, docs and the README.
    static func citingFiles() -> [URL] {
        var files = ["README.md", "Package.swift"].map { root.appendingPathComponent($0) }
        for folder in ["Sources", "Tests", "Tools", "Docs"] {
            let enumerator = FileManager.default.enumerator(
                at: root.appendingPathComponent(folder), includingPropertiesForKeys: [.isRegularFileKey])
            while let url = enumerator?.nextObject() as? URL {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                guard !url.path.contains("/Goldens/"), !url.path.contains("/Fixtures/") else { continue }
                files.append(url)
            }
        }
        return files
    }

    /// `Docs/X.md, "Section"`, `(Docs/X.md, "Section")` and `[X.md](X.md), "Section"`; the
    /// section may wrap onto a comment's next line.
    static let citation = try! NSRegularExpression(
        pattern: #"(?:Docs/)?([A-Za-z]+\.md)`?\)?(?:\]\((?:Docs/)?[A-Za-z]+\.md\))?,\s*(?:(?://+|#)\s*)?"([^"]+)""#)

    @Test("every citation of a design note names a heading that exists")
    func citations() throws {
        let headings = try Self.headings()
        var checked = 0
        var broken: [String] = []
        for file in Self.citingFiles() {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let whole = NSRange(text.startIndex..., in: text)
            for match in Self.citation.matches(in: text, range: whole) {
                guard let docRange = Range(match.range(at: 1), in: text), let sectionRange = Range(match.range(at: 2), in: text),
                    let known = headings[String(text[docRange])]
                else { continue }
                let section = String(text[sectionRange]).replacingOccurrences(
                    of: #"\s*\n\s*(?:///?|#|\*)?\s*"#, with: " ", options: .regularExpression
                ).trimmingCharacters(in: .whitespaces)
                checked += 1
                if !known.contains(where: { $0 == section || $0.hasPrefix(section + " (") }) {
                    broken.append(
                        "\(file.path.replacingOccurrences(of: Self.root.path + "/", with: "")): \(text[docRange]), \"\(section)\"")
                }
            }
        }
        #expect(checked > 200, "only \(checked) citations found: the pattern no longer matches how notes are cited")
        #expect(broken.isEmpty, "citations of headings that do not exist:\n\(broken.joined(separator: "\n"))")
    }
}
