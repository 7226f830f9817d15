import Foundation
import LegibleTestSupport
import Testing

@testable import LegibleHandwriting

/// One model manifest (`Models/MANIFEST.tsv`): the install tools, the built-in table and the
/// files the reader loads all name the same files with the same SHA-256s.
@Suite("the model manifest")
struct ModelManifestTests {
    /// The manifest's rows: name, SHA-256, version, source, licence.
    static func rows() throws -> [[String]] {
        try String(contentsOf: Repository.root.appendingPathComponent("Models/MANIFEST.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }
    }

    @Test("every row names a file, its SHA-256, version, source and licence, and the built-in table is the manifest")
    func rowsAreWhole() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 6)
        for row in rows {
            #expect(row.count == 5, "\(row)")
            #expect(row[1].count == 64 && row[1].allSatisfy { "0123456789abcdef".contains($0) }, "\(row)")
        }
        #expect(Dictionary(uniqueKeysWithValues: rows.map { ($0[0], $0[1]) }) == ModelManifest.sha256)
    }

    @Test("the files the reader loads, and adapt's start model, are the manifest's, no more and no fewer")
    func filesLoadedAreTheManifest() throws {
        let files = HandwritingModel.Files(folder: "/models")
        let loaded = files.pinnedFiles.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.sha256) }
        var expected = Dictionary(uniqueKeysWithValues: loaded)
        expected["tessdata-best-fra.traineddata"] = HandwritingModel.Files.pinnedSHA256(of: "tessdata-best-fra.traineddata")
        #expect(expected == ModelManifest.sha256)
        #expect(!expected.values.contains(""))
    }
}
