import Foundation
import LegiblePages
import LegibleReading
import LegibleSystem
import LegibleTextInput

/// Applying a corrections file (`Docs/Editing.md`, "Corrections files"): all of it or none of
/// it. Every document is opened under its lock and every correction made in memory, by the same
/// rules as `legible edit` (whole characters, the words kept on the ink, marked corrected); only
/// when all succeed is anything written.
extension Corrections {
    /// What applying did to one document.
    public struct Applied: Sendable, Equatable {
        /// The document's path, as given.
        public var document: String
        /// How many corrections were made on it (0 for a document the file does not name).
        public var corrections: Int
    }

    /// Applies the file to the page documents at `documents`, and writes each one it changed.
    /// Each page of the file must be one of them, named by the SHA-256 of its text.
    /// - Throws: `badData` (nothing written) for a page none of the documents is, a range out
    ///   of its page or inside a character, or a correction the page refuses; the documents'
    ///   own failures (`PageDocuments.open`, `save`).
    public func apply(to documents: [String]) throws -> [Applied] {
        // Locks are taken in the order of the files themselves (device, then inode), not of
        // their names, so two runs that name the same documents in other ways (`a b` and
        // `./b a`) queue, not deadlock (`Docs/Hardening.md`, "Lock order"); a document named
        // twice, by any path, is opened once.
        var seen = Set<FileIdentity>()
        let paths = documents.filter { seen.insert(FileIdentity(of: $0)).inserted }
        var held: [String: (page: ScannedPage, file: PageDocumentFile)] = [:]
        for path in paths.sorted(by: { FileIdentity.lockOrder(FileIdentity(of: $0), FileIdentity(of: $1)) }) {
            held[path] = try PageDocuments.open(path, holdingLock: true)
        }
        let opened = paths.sorted().map { path in (path, held[path]!) }
        var index: [String: Int] = [:]
        // Two documents with one text: the first (in path order) takes its corrections.
        for (position, entry) in opened.enumerated() {
            let checksum = Self.textSHA256(entry.1.page)
            if index[checksum] == nil { index[checksum] = position }
        }
        var counts = [Int](repeating: 0, count: opened.count)
        for page in pages {
            guard let position = index[page.textSHA256] else {
                throw NotebookError(
                    .badData,
                    "the corrections for \(page.document) were made on a text none of the documents given has (another page, or corrections already applied); nothing was written"
                )
            }
            let (path, document) = opened[position]
            for (number, correction) in page.corrections.enumerated() {
                try Self.make(correction, on: document.page, in: path, number: number + 1)
            }
            counts[position] += page.corrections.count
        }
        for (position, entry) in opened.enumerated() where counts[position] > 0 {
            try PageDocuments.save(entry.1.page.layout, to: entry.1.file)
        }
        return zip(opened, counts).map { Applied(document: $0.0, corrections: $1) }
    }

    /// Makes `correction` on `page`, or refuses it naming its place.
    package static func make(_ correction: Correction, on page: ScannedPage, in path: String, number: Int) throws {
        let (start, end) = (correction.range[0], correction.range[1])
        guard end <= page.length else {
            throw NotebookError(
                .badData, "\(path): correction \(number) runs to \(end), past the page's \(page.length) units; nothing was written")
        }
        let range = TextRange(start, end)
        try PageDocuments.checkWholeCharacters(range, in: page, context: "\(path): correction \(number): ")
        do {
            try page.correct(range, with: correction.text)
        } catch {
            throw NotebookError(.badData, "\(path): correction \(number) is refused: \(error); nothing was written")
        }
    }
}
