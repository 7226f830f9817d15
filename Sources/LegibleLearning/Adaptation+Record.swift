import LegibleNotebook
import LegibleOCR

extension Adaptation {
    /// What a model was made from and what it gained: ``AdaptedModel/Record``, the one
    /// definition `adapt` writes and `ingest --model` reads.
    public typealias Record = AdaptedModel.Record
}
