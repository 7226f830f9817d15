/// A file operation that failed, with one line naming the file and the cause
/// (`Docs/Architecture.md`, "System layer"). The kind is a closed set, so that a program maps
/// each to its own exit status (the CLI: README, "Exit codes").
public struct FileError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The input does not exist, is not a regular file, or cannot be opened for reading.
        case missingInput
        /// The input is larger than the caller's limit.
        case tooLarge
        /// A file or folder could not be created.
        case cannotCreate
        /// Reading, writing, syncing or renaming failed.
        case io
    }

    /// What went wrong.
    public var kind: Kind
    /// One line naming the file and the cause, such as `cannot write out/a.json: No space left on device`.
    public var description: String

    /// A failure of `kind` described by `description`.
    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
