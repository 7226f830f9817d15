extension NotebookHTML {
    /// The reader view's script (`Docs/Web.md`, "Reader view"): the switch, and the settings
    /// applied as custom properties and kept in `localStorage` under the notebook's identity, so
    /// they survive a reload. A custom colour pair below 7:1 (WCAG 1.4.6) is refused and the
    /// previous pair kept; what is read back from storage is checked against the same rules.
    static let readerScript = asset(PackageResources.reader_js)
}
