import LegibleSystem

/// What is wrong with an ingest refused before any work, or a page that could not start
/// (`Docs/Architecture.md`, "Ingest").
public enum IngestFailure: Sendable, Equatable {
    /// The request cannot be carried out as given (two inputs sharing an output name, an
    /// output over an input, an image outside the shard root).
    case usage
    /// A named input folder does not exist or is a file.
    case missingInput
    /// A page that needs a reader had none.
    case noReader
    /// The page's document holds corrections a person made, which reading the page again
    /// would replace (`Docs/Editing.md`, "Provenance").
    case corrected
}

/// An ingest refused before any work, or a page that could not start.
public typealias IngestError = KindedError<IngestFailure>
