import Foundation
import LegibleTestSupport
import Testing

/// The HTML notebook's script and style sheets are real files embedded at build time
/// (`Docs/Web.md`, "Script"): each is embedded, each script parses as JavaScript, and each
/// style sheet's braces balance.
@Suite("web assets")
struct WebAssetTests {
    static let folder = Repository.root.appendingPathComponent("Sources/LegibleWeb/Resources")

    static func assets(_ suffix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(suffix) }.sorted()
    }

    @Test("every file in Resources is embedded by Package.swift")
    func embedded() throws {
        let package = try String(contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let files = try Self.assets(".js") + Self.assets(".css")
        #expect(files.count == 6, "\(files)")
        for file in files { #expect(package.contains("\"\(file)\""), "Package.swift does not embed \(file)") }
    }

    @Test("each script passes node --check")
    func scriptsParse() throws {
        let node = "/usr/bin/node"
        guard FileManager.default.isExecutableFile(atPath: node) else {
            // CI installs nodejs (Tools/system-packages.txt); elsewhere the check skips, saying so.
            if ProcessInfo.processInfo.environment["LEGIBLE_REQUIRE_REAL_PARTS"] == "1" {
                Issue.record("a real part is required here: \(node) (Debian's nodejs)")
            } else {
                print("skipping: \(node) is missing (Debian's nodejs)")
            }
            return
        }
        for file in try Self.assets(".js") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: node)
            process.arguments = ["--check", Self.folder.appendingPathComponent(file).path]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(file): \(message)")
        }
    }

    @Test("each style sheet's braces and comments balance")
    func styleSheetsBalance() throws {
        for file in try Self.assets(".css") {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
            var depth = 0
            for character in text {
                if character == "{" { depth += 1 }
                if character == "}" { depth -= 1 }
                #expect(depth >= 0, "\(file): a } before its {")
            }
            #expect(depth == 0, "\(file): \(depth) unclosed {")
            #expect(text.components(separatedBy: "/*").count == text.components(separatedBy: "*/").count, "\(file): an unclosed comment")
        }
    }
}
