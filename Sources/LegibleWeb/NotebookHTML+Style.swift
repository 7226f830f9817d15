extension NotebookHTML {
    /// The document's CSS (`Docs/Web.md`, "Text on the ink").
    ///
    /// - A page is a frame that keeps the scan's aspect ratio; inside it one sheet of the scan's
    ///   pixel size is scaled by `--scale` (set by the script), so the layer stays on the ink at
    ///   any width.
    /// - Blocks have no size of their own; each line is an inline block on its own flow line
    ///   (the `<wbr>` between lines is the only place the zero-width block can wrap), moved by
    ///   `left`/`top` onto its line and turned by `--a`. Its font size makes the font's content
    ///   height equal the band's thickness (`--ratio` is measured by the script).
    /// - In a monospace font `1ch` is every character's advance, so `letter-spacing` of
    ///   `--l - 1ch` gives each grapheme cluster exactly `--l` pixels and `word-spacing` gives
    ///   spaces `--s`; `bidi-override` keeps clusters in reading order along the band, as the
    ///   page geometry does. `--f` is the script's correction for characters drawn by a
    ///   fallback font.
    static let style = asset(PackageResources.notebook_css)
}
