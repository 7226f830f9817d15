import Foundation
import LegibleLayout
import LegiblePages
import LegibleReading
import LegibleSystem
import LegibleTextInput

/// Page documents read for a notebook (`Docs/Architecture.md`, "Notebook services"): read to
/// show, or opened to correct. Every command and surface loads pages here.
public enum PageDocuments {
    /// The page document at `path`, to be read and not written: fields this build does not
    /// know are passed over. Refused with `badData` when it does not validate; a missing,
    /// oversized or unreadable file throws its `FileError`.
    public static func load(_ path: String) throws -> ScannedPage {
        let bytes = try InputFile.read(path, what: "a page document")
        do {
            return try ScannedPage(documentData: bytes)
        } catch let error as PageDocumentError {
            throw NotebookError(.badData, "\(path): \(error)")
        }
    }

    /// The page document at `path`, and its file for saving corrections back (`edit`, `align`,
    /// `view --edit`). A document with fields this build does not know is refused, since
    /// writing it again would drop them. With `holdingLock`, the document's lock is held from
    /// this read to the save (`Docs/Editing.md`, "Saving"). Failures are described by
    /// ``saveFailure(_:document:)``.
    public static func open(_ path: String, holdingLock: Bool = false) throws -> (page: ScannedPage, file: PageDocumentFile) {
        do {
            let (file, page) = try PageDocumentFile.open(path, holdingLock: holdingLock)
            return (page, file)
        } catch let error as PageDocumentError {
            throw NotebookError(.badData, "\(path): \(error)")
        } catch let failure as PageDocumentFile.SaveFailure {
            throw saveFailure(failure, document: path)
        }
    }

    /// Writes `layout` over the document atomically, under its lock, once it is read again and
    /// found unchanged since it was loaded: an edit made meanwhile (a viewer's save) is
    /// refused (`busy`), never silently replaced (`Docs/Editing.md`, "Saving").
    public static func save(_ layout: PageLayout, to file: PageDocumentFile) throws {
        do {
            try file.save(layout)
        } catch {
            throw saveFailure(error, document: file.path)
        }
    }

    /// A document that could not be opened for correcting, or saved: changed by another writer
    /// or its lock held too long (`busy`), holding fields this build would drop (`badData`);
    /// a file that could not be written is returned as its own `FileError`.
    public static func saveFailure(_ failure: PageDocumentFile.SaveFailure, document path: String) -> any Error {
        switch failure {
        case .changedOnDisk:
            return NotebookError(.busy, "\(path) changed on disk while it was being edited; nothing was written: run it again")
        case .busy:
            return NotebookError(
                .busy,
                "\(path) is being changed by another process (its lock was held for \(Int(FileLock.defaultWait)) s); nothing was written: run it again"
            )
        case .unknownFields(let fields):
            return NotebookError(
                .badData,
                "\(path): holds fields this version of legible does not know (\(fields.joined(separator: ", "))); correcting it would drop them, so it is not changed"
            )
        case .tooLarge(let bytes):
            return NotebookError(
                .badData,
                "\(path): the edit would make a page document of \(bytes) bytes, more than the \(PageLayout.maximumDocumentBytes >> 20) MiB a reader takes; nothing was written"
            )
        case .file(let error):
            return error
        }
    }

    /// A notebook of the documents at `paths`, loaded to show, in order: regions linked across
    /// pages with `links`, the last region of each page turning it with `pageTurn`
    /// (`Docs/Reading.md`, "Read-all").
    public static func notebook(_ paths: [String], links: Bool, pageTurn: Bool) throws -> Notebook {
        let notebook = Notebook(pages: try paths.map(load))
        if links { notebook.linkRegions() }
        notebook.setPageTurning(pageTurn)
        return notebook
    }

    /// The page documents named, each once (by the file it is, whatever path names it): files
    /// as given; folders as their `*.json` (not `*.gt.json`) that are page documents, sorted by
    /// name (`Docs/Hardening.md`, "Legible's own files taken for pages"). In a folder, a JSON
    /// file of another of Legible's own formats (an `adapt` record, a downloaded
    /// `corrections.json`) is passed over; anything else is kept, so that a damaged page or a
    /// foreign file is reported, not skipped. A file that cannot be read throws its `FileError`.
    public static func paths(_ paths: [String]) throws -> [String] {
        var seen = Set<FileIdentity>()
        return try paths.flatMap { path -> [String] in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            guard isDirectory.boolValue else {
                try InputFile.checkReadable(path, what: "a page document")
                return [path]
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: path).filter {
                $0.hasSuffix(".json") && !$0.hasSuffix(".gt.json")
            }
            return try names.sorted().map { "\(path)/\($0)" }.filter { try !isOtherFormat($0) }
        }.filter { seen.insert(FileIdentity(of: $0)).inserted }
    }

    /// Whether the file at `path` is JSON in another of Legible's formats than a page document's.
    static func isOtherFormat(_ path: String) throws -> Bool {
        struct Tag: Decodable { var format: String? }
        let data = try InputFile.read(path, what: "a page document")
        guard let tag = try? JSONDecoder().decode(Tag.self, from: data) else { return false }
        return tag.format.map { $0.hasPrefix("legible-") && $0 != PageLayout.formatName } ?? false
    }

    /// Refuses (`badData`) a range that cuts a grapheme cluster: an edit would have to take the
    /// whole character, which is not what was asked (`Docs/Editing.md`, "Saving"). `context`
    /// starts the message.
    public static func checkWholeCharacters(_ range: TextRange, in page: ScannedPage, context: String = "") throws {
        for (name, offset) in [("START", range.start.offset), ("END", range.end.offset)] {
            let position = TextPosition(offset: offset)
            guard
                page.tokenizer.isPosition(position, atBoundary: .character, inDirection: .storage(.forward))
                    || page.tokenizer.isPosition(position, atBoundary: .character, inDirection: .storage(.backward))
                    || offset == 0 || offset == page.length
            else {
                let cluster = page.characterRange(byExtending: position, in: .left)
                let around = cluster.map { " (the character there runs \($0.start.offset)…\($0.end.offset))" } ?? ""
                throw NotebookError(.badData, "\(context)\(name) \(offset) is inside a character\(around); give offsets between characters")
            }
        }
    }
}
