extension NotebookHTML {
    /// The document's JavaScript (`Docs/Web.md`, "Script"): it measures the layer font, scales
    /// each page to the window, maps selections to UTF-16 ranges of a page's reading text, puts
    /// exactly that text on the clipboard, and implements "Save selection" with clippings kept
    /// in `localStorage` and downloadable as the JSON Lines of `legible clippings --store`.
    static let script = asset(PackageResources.notebook_js)
}
