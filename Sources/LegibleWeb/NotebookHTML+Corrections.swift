import Foundation

// Correcting in the browser (`Docs/Web.md`, "Correcting in the browser"): a helper who can see
// the ink selects a word or a line, presses F2 (or "Correct selection"), and types what it
// says; the corrections are kept in the browser and downloaded as a file that
// `legible edit --corrections` applies to the page documents.
extension NotebookHTML {
    /// The correcting tools and their dialog.
    static let correctionTools = """
        <div class="tools" role="group" aria-label="Corrections">
        <button type="button" id="correct-selection" aria-keyshortcuts="F2">Correct selection</button>
        <button type="button" id="undo-correction" aria-keyshortcuts="Alt+Shift+Z">Undo correction</button>
        <button type="button" id="download-corrections">Download corrections (0)</button>
        </div>
        <dialog id="correct-dialog" aria-labelledby="correct-label"><form id="correct-form" method="dialog">
        <label id="correct-label" for="correct-text">What the handwriting says</label>
        <input id="correct-text" type="text" autocomplete="off" spellcheck="true" maxlength="100000">
        <button value="save">Correct</button> <button value="cancel" formnovalidate>Cancel</button>
        </form></dialog>

        """

    /// The corrections script, after the notebook's.
    static let correctionsScript = asset(PackageResources.corrections_js)
}
