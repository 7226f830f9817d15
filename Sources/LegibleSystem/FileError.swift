/// A failure of a closed set of kinds, with one line for the user (`Docs/Architecture.md`,
/// "System layer"). The kind is what a program decides on: the CLI maps each kind to its exit
/// status (`Docs/CLI.md`, "Exit codes"). ``FileError`` and the ingest library's `IngestError` are two.
public struct KindedError<Kind: Sendable & Equatable>: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public var kind: Kind
    /// One line naming the file or request and the cause, such as
    /// `cannot write out/a.json: No space left on device`.
    public var description: String

    /// A failure of `kind` described by `description`.
    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}

/// What went wrong with a file.
public enum FileFailure: Sendable, Equatable {
    /// The input does not exist, is not a regular file, or cannot be opened for reading.
    case missingInput
    /// The input is larger than the caller's limit.
    case tooLarge
    /// A file or folder could not be created.
    case cannotCreate
    /// Reading, writing, syncing or renaming failed.
    case io
}

/// A file operation that failed.
public typealias FileError = KindedError<FileFailure>
