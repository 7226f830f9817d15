import Foundation
import LegibleLayout
import LegiblePages
import LegibleReading
import LegibleSystem
import LegibleTestSupport
import LegibleTextInput
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A page document opened for correcting (`Docs/Editing.md`, "Saving"): fields this build does
/// not know refuse it, saves happen under its lock, and a save never replaces a document that
/// changed since it was read.
@Suite("a page document opened for correcting")
struct PageDocumentFileTests {
    /// A small page document in a fresh folder, with `extra` merged into its JSON at `path`.
    static func document(adding extra: [String: Any] = [:], at keyPath: [String] = []) throws -> String {
        let folder = try temporaryFolder()
        let data = try LayoutBuilder().layout([["one two three"], ["four five"]]).encodeDocument()
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        json = merged(json, extra, at: keyPath[...])
        let path = folder + "/page.json"
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// `object` with `extra` merged in at `keyPath` (a key, or an array index as digits).
    static func merged(_ object: Any, _ extra: [String: Any], at keyPath: ArraySlice<String>) -> [String: Any] {
        var dictionary = object as? [String: Any] ?? [:]
        guard let key = keyPath.first else { return dictionary.merging(extra) { $1 } }
        if var array = dictionary[key] as? [Any], let index = keyPath.dropFirst().first.flatMap({ Int($0) }) {
            array[index] = merged(array[index], extra, at: keyPath.dropFirst(2))
            dictionary[key] = array
        } else {
            dictionary[key] = merged(dictionary[key] as Any, extra, at: keyPath.dropFirst())
        }
        return dictionary
    }

    @Test(
        "fields this build does not know, at any depth, refuse the document for correcting and are named; null ones do not",
        arguments: [
            ([String](), "notes", "notes"), (["image"], "camera", "image.camera"), (["lines", "1"], "author", "lines[1].author"),
            (["lines", "0", "words", "2"], "author", "lines[0].words[2].author"), (["paragraphs", "0"], "style", "paragraphs[0].style"),
        ])
    func unknownFields(_ keyPath: [String], _ key: String, _ reported: String) throws {
        let path = try Self.document(adding: [key: ["by": "a person"]], at: keyPath)
        #expect(throws: Never.self) { _ = try ScannedPage(documentData: Data(contentsOf: URL(fileURLWithPath: path))) }
        do {
            _ = try PageDocumentFile.open(path)
            Issue.record("a document with \(reported) was opened for correcting")
        } catch PageDocumentFile.SaveFailure.unknownFields(let fields) {
            #expect(fields == [reported])
        }
        let blank = try Self.document(adding: [key: NSNull()], at: keyPath)
        #expect(throws: Never.self) { _ = try PageDocumentFile.open(blank) }
    }

    @Test("a save finds the document changed by another writer and writes nothing; saveBeside never takes a name in use")
    func changedAndBeside() throws {
        let path = try Self.document()
        let (first, page) = try PageDocumentFile.open(path)
        let (second, _) = try PageDocumentFile.open(path)
        try page.correct(TextRange(0, 3), with: "ONE")
        try first.save(page.layout)
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: PageDocumentFile.SaveFailure.self) { try second.save(page.layout) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == saved)
        let folder = (path as NSString).deletingLastPathComponent
        // A dangling link holds the first name: the corrections go to the next.
        try FileManager.default.createSymbolicLink(atPath: folder + "/page.corrections.json", withDestinationPath: folder + "/nowhere")
        #expect(try second.saveBeside(page.layout) == folder + "/page.corrections-2.json")
        #expect(try second.saveBeside(page.layout) == folder + "/page.corrections-3.json")
    }

    @Test(
        "a private document stays private: a save keeps its permission bits, and corrections beside it get them",
        arguments: [0o600, 0o640, 0o664])
    func permissionsKept(_ mode: Int) throws {
        let path = try Self.document()
        chmod(path, mode_t(mode))
        let (file, page) = try PageDocumentFile.open(path)
        try page.correct(TextRange(0, 3), with: "ONE")
        try file.save(page.layout)
        let aside = try file.saveBeside(page.layout)
        for written in [path, aside] {
            let attributes = try FileManager.default.attributesOfItem(atPath: written)
            #expect(
                (attributes[.posixPermissions] as? Int) == mode,
                "\(written): \(String(attributes[.posixPermissions] as? Int ?? 0, radix: 8))")
        }
    }

    @Test("a document whose lock another holder keeps is not saved: busy, after the wait")
    func busy() throws {
        let path = try Self.document()
        let (file, page) = try PageDocumentFile.open(path, holdingLock: true)
        let other = FileLock.lockPath(for: path)
        #expect(FileManager.default.fileExists(atPath: other))
        #expect(throws: FileLock.Failure.busy) { _ = try FileLock(for: path, wait: 0.05) }
        try file.save(page.layout)
    }
}
