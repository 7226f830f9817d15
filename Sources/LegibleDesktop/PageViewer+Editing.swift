import CLegibleGTK
import Foundation
import LegibleATSPI
import LegiblePages
import LegibleReading
import LegibleSystem
import LegibleTextInput

// The edit mode of `legible view --edit` (`Docs/Editing.md`, "The viewer's edit mode"): typing
// corrects the text at the caret, on the ink; Control+Z and Control+Shift+Z (or Control+Y)
// undo and redo; Control+S saves. Every change reaches screen readers as a text editor's does.
extension PageViewer {
    /// The editing keys; `nil` when `key` is not one of them, or the viewer is read-only.
    func handleEditing(key: LegibleKey, shift: Bool, control: Bool) -> Bool? {
        guard tree.isEditable else { return nil }
        switch key {
        case LegibleKeyBackSpace: edit { $0.deleteBackward() }
        case LegibleKeyDelete: edit { page in page.deleteForward() }
        case LegibleKeyZ where control: edit { shift ? $0.redo() : $0.undo() }
        case LegibleKeyY where control: edit { $0.redo() }
        case LegibleKeyS where control && !shift: saveCorrections()
        default: return nil
        }
        return true
    }

    /// Text the input method committed, typed at the caret (replacing the selection).
    func type(_ text: String) { edit { $0.insertText(text) } }

    /// The input method's composition shown as marked text; an empty one ends it.
    func compose(_ text: String, cursor: Int) {
        let offset = text.unicodeScalars.prefix(max(cursor, 0)).reduce(0) { $0 + $1.utf16.count }
        edit { page in
            if text.isEmpty, page.markedTextRange == nil { return }
            page.setMarkedText(text, selectedRange: offset..<offset)
        }
    }

    /// One change on the current page, through the tree, which tells screen readers.
    func edit(_ change: (ScannedPage) -> Void) {
        anchor = nil
        goalX = nil
        tree.edit(page: page, change)
    }

    /// Control+S in edit mode: every edited page written back atomically over its document.
    /// A document changed on disk since it was read is not overwritten; the corrections go
    /// beside it (`NAME.corrections.json`) and that is said.
    func saveCorrections() {
        var said: [String] = []
        for index in tree.unsavedPages.sorted() {
            guard let file = documents[index] else { continue }
            said.append(save(page: index, to: file))
        }
        tree.say(said.isEmpty ? "No corrections to save" : said.joined(separator: ". "))
    }

    /// Writes page `index` to `file`, else beside it; what to say about it.
    func save(page index: Int, to file: PageDocumentFile) -> String {
        let layout = tree.notebook.pages[index].layout
        let name = (file.path as NSString).lastPathComponent
        do {
            try file.save(layout)
            tree.markSaved(page: index)
            return "Corrections saved"
        } catch .changedOnDisk, .busy {
            guard let aside = try? file.saveBeside(layout) else { return "Corrections not saved: \(name) changed on disk" }
            tree.markSaved(page: index)
            report("\(file.path) changed on disk while it was open; the corrections were written to \(aside)")
            return "\(name) changed on disk; corrections saved as \((aside as NSString).lastPathComponent)"
        } catch .file(let error) {
            report(error.description)
            return "Corrections not saved: \(error.description)"
        } catch {
            return "Corrections not saved"
        }
    }

    /// Whether the window may close: the close button is refused once while corrections are
    /// unsaved, with that said; SIGINT or SIGTERM (`forced`) keeps them beside their documents,
    /// and a page whose corrections could not be kept there is recorded in ``unkept``, for the
    /// command to report and exit non-zero (`Docs/Editing.md`, "The viewer's edit mode").
    func closing(forced: Bool) -> Bool {
        guard tree.isEditable, !tree.unsavedPages.isEmpty else { return true }
        if forced {
            for index in tree.unsavedPages.sorted() {
                guard let file = documents[index] else { continue }
                do {
                    let aside = try file.saveBeside(tree.notebook.pages[index].layout)
                    report("unsaved corrections of \(file.path) were written to \(aside)")
                } catch .file(let error) {
                    unkept.append(Unkept(document: file.path, error: error))
                } catch {
                    unkept.append(Unkept(document: file.path, error: FileError(.cannotCreate, "its lock is held by another process")))
                }
            }
            return true
        }
        if warnedUnsaved { return true }
        warnedUnsaved = true
        tree.say("Corrections not saved. Control+S saves them; closing again discards them")
        return false
    }

    /// One line on the user's standard error, through ``onMessage``.
    func report(_ line: String) { onMessage(line) }
}

extension ScannedPage {
    /// Deletes the selection, or the grapheme cluster after the caret (the Delete key).
    func deleteForward() {
        guard let selection = selectedTextRange else { return }
        if !selection.isEmpty { return deleteBackward() }
        guard let next = tokenizer.position(from: selection.end, toBoundary: .character, inDirection: .forward),
            next.offset > selection.end.offset
        else { return }
        replace(TextRange(selection.start.offset, next.offset), withText: "")
    }
}
