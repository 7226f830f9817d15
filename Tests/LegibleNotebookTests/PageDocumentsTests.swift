import Foundation
import LegibleNotebook
import LegibleReading
import LegibleSystem
import LegibleTestSupport
import Testing

/// Page documents read to show or opened to correct (`Docs/Architecture.md`, "Notebook
/// services"): each refusal has its kind, and the message names the document.
@Suite("Page documents")
struct PageDocumentsTests {
    static let valid =
        #"{"format":"legible-page","version":2,"image":{"file":"p.png","width":400,"height":100},"text":"Saved words","paragraphs":[{"range":[0,11]}],"lines":[{"range":[0,11],"box":[10,10,300,30]}]}"#

    static func write(_ json: String) throws -> String {
        let path = temporaryPath("document.json")
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a valid document loads and opens with its text")
    func valid() throws {
        let path = try Self.write(Self.valid)
        #expect(try PageDocuments.load(path).layout.text == "Saved words")
        let (page, file) = try PageDocuments.open(path)
        #expect(page.layout.text == "Saved words")
        #expect(file.path == path)
    }

    @Test("a document with a field this build does not know is shown, but not opened to correct")
    func unknownField() throws {
        let path = try Self.write(Self.valid.replacingOccurrences(of: #""text":"#, with: #""notes":"kept","text":"#))
        #expect(try PageDocuments.load(path).layout.text == "Saved words")
        #expect(throws: NotebookError.self) { try PageDocuments.open(path) }
        do {
            _ = try PageDocuments.open(path)
        } catch let error as NotebookError {
            #expect(error.kind == .badData)
            #expect(error.description.contains(path) && error.description.contains("notes"))
        }
    }

    @Test("a document that does not validate is bad data; a missing one is a missing input")
    func refused() throws {
        let broken = try Self.write(Self.valid.replacingOccurrences(of: #""range":[0,11],"box""#, with: #""range":[0,99],"box""#))
        #expect(throws: NotebookError.self) { try PageDocuments.load(broken) }
        let missing = broken + ".gone"
        do {
            _ = try PageDocuments.load(missing)
            Issue.record("a missing document loaded")
        } catch let error as FileError {
            #expect(error.kind == .missingInput)
        }
    }

    @Test("a document changed by another writer, or locked, is busy: run again")
    func busy() {
        for failure in [PageDocumentFile.SaveFailure.changedOnDisk, .busy] {
            let error = PageDocuments.saveFailure(failure, document: "a.json") as? NotebookError
            #expect(error?.kind == .busy)
            #expect(error?.description.hasPrefix("a.json") == true)
        }
    }
}
