extension NotebookHTML {
    /// The read-aloud script (`Docs/Web.md`, "Read aloud"): plays each page's audio in turn and
    /// highlights the word the timings give for the audio's time, on the ink, with the CSS
    /// Custom Highlight API over the text layer's own range for that word; the page scrolls and
    /// turns with the voice. Reading starts at the selection, or at the top of the page in view.
    static let readAloudScript = asset(PackageResources.read_aloud_js)
}
