/// The rule for a file name that Legible reads from a file it did not write: a page
/// document's image name, a timing map's audio name (`Docs/Hardening.md`, "Names read from
/// files"). Such a name is joined to a folder that the user chose, so it must name a file in
/// that folder and nothing else: no folder part, no way up, and nothing the system call would
/// cut short.
public enum PlainFileName {
    /// The longest name a Linux or macOS file system holds, in UTF-8 bytes (`NAME_MAX`).
    public static let maximumBytes = 255

    /// Whether `name` is a plain file name: not empty, not `.` or `..`, at most
    /// ``maximumBytes`` bytes of UTF-8, and holding no `/` and no NUL.
    public static func isPlain(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && name.utf8.count <= maximumBytes
            && !name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0)
    }
}
