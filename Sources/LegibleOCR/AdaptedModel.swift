import Foundation
import LegibleImage
import LegibleSystem

/// A Tesseract model that `legible adapt` fine-tuned on a writer's corrected lines, checked
/// before Tesseract reads it (`Docs/Recognition.md`, "Learning the writer's hand"). libtesseract
/// does not survive a damaged model (``TrainedDataCheck``), and a model from elsewhere was not
/// trained on this hand, so a model is taken only when its table of contents holds an LSTM
/// network and its record beside it, `NAME.adapted.json`, names its SHA-256.
public struct AdaptedModel: Hashable, Sendable {
    /// The `.traineddata` file's path.
    public var path: String
    /// The SHA-256 of the file (checked against its record) and of the record's words,
    /// lower-case hex: what the options digest names it by.
    public var sha256: String
    /// The file's bytes as they were read and checked, which Tesseract is given: the path is
    /// never opened again (`Docs/Hardening.md`, "What is loaded is what was checked").
    public let model: [UInt8]

    /// Two models are the same when their files, records and heads are: ``sha256`` says.
    public static func == (lhs: AdaptedModel, rhs: AdaptedModel) -> Bool { lhs.path == rhs.path && lhs.sha256 == rhs.sha256 }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(sha256)
    }

    /// The largest model read, in bytes: tessdata_best's `fra` is 4 MB.
    public static let maximumModelBytes = 256 << 20

    /// Why a model was refused: one line naming the file (exit 66 when it is missing, 65
    /// otherwise).
    public struct Refusal: Error, CustomStringConvertible, Equatable, Sendable {
        /// Whether the file is not there at all.
        public var missing: Bool
        /// One line naming the file and what is wrong.
        public var description: String
    }

    /// The record's path for the model at `path`: `NAME.adapted.json` beside `NAME.traineddata`.
    public static func recordPath(for path: String) -> String {
        String(path.dropLast(suffix.count)) + ".adapted.json"
    }

    /// The file name suffix Tesseract looks a model up by.
    public static let suffix = ".traineddata"

    /// The model at `path`, checked: a regular file (not a folder or a link) named
    /// `NAME.traineddata`, whose table of contents is sound and holds an LSTM network, with a
    /// record beside it that names its SHA-256.
    public init(path: String) throws(Refusal) {
        guard path.hasSuffix(Self.suffix), (path as NSString).lastPathComponent.count > Self.suffix.count else {
            throw Refusal(missing: false, description: "\(path): a model's file name must end in \(Self.suffix)")
        }
        let model = try Self.checkedBytes(path)
        let digest = Checksum.sha256Hex(of: model)
        let recordPath = Self.recordPath(for: path)
        guard let data = try? InputFile.read(recordPath, what: "a model's record"), data.count <= Self.maximumRecordBytes,
            let record = try? JSONDecoder().decode(Record.self, from: data), record.format == Self.recordFormat
        else {
            throw Refusal(
                missing: false,
                description: "\(path): has no record of its training beside it (\(recordPath)); make it with legible adapt")
        }
        guard Self.recordVersions.contains(record.version) else {
            throw Refusal(
                missing: false,
                description:
                    "\(path): its record \(recordPath) is of version \(record.version), which this legible does not read (it reads \(Self.recordVersions.map(String.init).joined(separator: " and ")))"
            )
        }
        if record.version >= 2, let head = record.head, head.start == nil || head.kept == nil {
            throw Refusal(
                missing: false, description: "\(path): its record \(recordPath) is of version 2 and its head names no start layer or keep")
        }
        guard record.modelSHA256 == digest else {
            throw Refusal(
                missing: false, description: "\(path): is not the model its record \(recordPath) describes (its SHA-256 differs)")
        }
        self.path = path
        self.model = model
        self.words = Self.words(in: record)
        self.head = try Self.head(in: record, path: path, record: recordPath)
        let network = try Self.network(in: record, path: path)
        (self.network, self.networkStart) = (network?.bytes, network?.start)
        readsBesideHandwriting = Self.readsBesideHandwriting(record)
        // A model that does not read again beside the handwriting reader reads other pages, so
        // it is another model; one that does is named as before.
        self.sha256 = Checksum.sha256Hex(
            of: Array((digest + "\n" + words.joined(separator: "\n")).utf8) + (head.map { [0] + $0 } ?? [])
                + Array((record.network?.sha256.map { "\nnetwork " + $0 } ?? "").utf8)
                + Array((readsBesideHandwriting ? "" : "\nnot beside the handwriting reader").utf8))
    }

    /// Whether the model reads every line again beside the handwriting reader
    /// (``readsBesideHandwriting(_:)``, from its record); with Tesseract alone it always does.
    public var readsBesideHandwriting: Bool

    /// The handwriting reader's last layer fitted to the writer (`WriterHead`'s bytes in
    /// LegibleHandwriting), from the record's `head.weights` (base64); nil when the record has
    /// none, or one it did not keep. A head that is not base64 is refused; one whose bytes are not a head is refused
    /// by the handwriting reader.
    public var head: [UInt8]?

    static func head(in record: Record, path: String, record name: String) throws(Refusal) -> [UInt8]? {
        guard let entry = record.head, entry.kept != false else { return nil }
        guard let data = Data(base64Encoded: entry.weights), !data.isEmpty else {
            throw Refusal(missing: false, description: "\(path): its record \(name) holds a head that is not base64 weights")
        }
        return [UInt8](data)
    }

    /// The writer's network (`NetworkWeights`' bytes in LegibleHandwriting), checked against
    /// its record; nil when the record keeps none.
    public var network: [UInt8]?
    /// The last layer the writer's network was trained from, which the reader writes in
    /// first; nil without a network.
    public var networkStart: Record.Head.Start?

    /// The words of the writer's corrected lines, from its record, which the handwriting
    /// reader's decoding adds to the language's word list: at most ``maximumWords``, each a
    /// string of at most 100 characters without spaces; a longer word, or one with a space, is
    /// passed over.
    public var words: [String]

    /// The most words a record gives the decoding; `adapt` writes no more.
    public static let maximumWords = 100_000

    /// The largest record read: ``maximumWords`` words of 100 characters, pretty-printed, fit.
    public static let maximumRecordBytes = 64 << 20

    static func words(in record: Record) -> [String] {
        record.words.prefix(maximumWords).filter { !$0.isEmpty && $0.count <= 100 && !$0.contains { $0.isWhitespace } }
    }

    /// The record's `format` field.
    public static let recordFormat = "legible-adapted-model"

    /// The version of the record `legible adapt` writes (``Record/version``).
    public static let recordVersion = 2
    /// The record versions read: 1, made before a head named its start layer and its keep, and
    /// 2. A record of another version is refused, named, before its model is loaded.
    public static let recordVersions = 1...2

    /// The model file's bytes, read once from a ``TrustedFile``: a regular file that only root
    /// or the user can write, whose table of contents is sound and holds an LSTM network.
    static func checkedBytes(_ path: String) throws(Refusal) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try TrustedFile.open(path, what: "the model", limit: maximumModelBytes).bytes()
        } catch {
            if error.problem == .missing { throw Refusal(missing: true, description: "\(path): no such model") }
            throw Refusal(missing: false, description: error.description)
        }
        if let problem = TrainedDataCheck.problem(in: bytes) {
            throw Refusal(missing: false, description: "\(path): is not a Tesseract model (\(problem))")
        }
        guard TrainedDataCheck.hasComponent(TrainedDataCheck.lstmComponent, in: bytes) else {
            throw Refusal(missing: false, description: "\(path): holds no LSTM network, so it was not made by legible adapt")
        }
        return bytes
    }
}
