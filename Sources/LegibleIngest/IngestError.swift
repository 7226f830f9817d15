/// An ingest refused before any work, or a page that could not start (`Docs/Architecture.md`, "Ingest").
/// The kind is a closed set so that a program maps each to its own exit status.
public struct IngestError: Error, CustomStringConvertible, Sendable {
    /// What is wrong.
    public enum Kind: Sendable, Equatable {
        /// The request cannot be carried out as given (two inputs sharing an output name, an
        /// output over an input, an image outside the shard root).
        case usage
        /// A named input folder does not exist or is a file.
        case missingInput
        /// A page that needs a reader had none.
        case noReader
    }

    /// What is wrong.
    public var kind: Kind
    /// One line naming the files concerned.
    public var description: String

    /// An error of `kind` described by `description`.
    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
