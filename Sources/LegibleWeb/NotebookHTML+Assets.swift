extension NotebookHTML {
    /// A script or style sheet kept as a real file in `Sources/LegibleWeb/Resources/` and
    /// embedded in the library at build time (`Docs/Web.md`, "Script"), so it is read, linted
    /// and syntax-checked as JavaScript or CSS, not as a Swift string. The file's final newline
    /// is not part of the page.
    static func asset(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
