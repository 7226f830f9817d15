import Foundation
import LegibleCommandSupport
import LegibleHandwriting
import LegibleImage
import LegibleLayout
import LegibleOCR
import LegibleRecognition
import LegibleSystem
import LegibleTestSupport
import Testing

/// `legible adapt` and `ingest --model` (`Docs/Recognition.md`, "Learning the writer's hand"):
/// the real `lstmtraining` fine-tunes the real start model on lines a person corrected (here the
/// dkg-legal page's truth, aligned onto Tesseract's reading), and the model reads a page again;
/// bad inputs are refused with one line and leave no model.
@Suite("legible adapt: learning the writer's hand", .serialized)
struct AdaptTests {
    static var available: Bool {
        let model = Repository.root.appendingPathComponent(".build/vendor/handwriting/tessdata-best-fra.traineddata").path
        // The head learns over PyTorch, as the network does (`Docs/Learning.md`, "The head and the memory").
        let torch = FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/torch/__init__.py")
        return RealParts.available(
            FileManager.default.fileExists(atPath: model) && FileManager.default.isExecutableFile(atPath: "/usr/bin/lstmtraining") && torch,
            reason: "the start model, Tesseract's training tools or python3-torch are not installed (Tools/install-dependencies)")
    }

    /// A folder holding the dkg-legal page (handwriting font, six lines, each misread somewhere by Tesseract)'s scan and its document, read by Tesseract; with
    /// `corrected`, its truth aligned onto it, so that every line is a person's.
    static func page(corrected: Bool) throws -> (folder: String, document: String) {
        let folder = try temporaryFolder()
        let scan = folder + "/dkg-legal.png"
        try FileManager.default.copyItem(atPath: Repository.scans.appendingPathComponent("dkg-legal.png").path, toPath: scan)
        #expect(try legible(["ingest", scan, "-o", folder, "--reader", "tesseract", "-q"]).status == 0)
        let document = folder + "/dkg-legal.json"
        guard corrected else { return (folder, document) }
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.scans.appendingPathComponent("dkg-legal.gt.json")))
        try Data(((truth as? [String: Any])?["text"] as? String ?? "").utf8).write(to: URL(fileURLWithPath: folder + "/truth.txt"))
        let aligned = try legible(["align", document, folder + "/truth.txt"])
        #expect(aligned.status == 0, "\(aligned.stderr)")
        return (folder, document)
    }

    /// The truth's line texts of a bundled scan.
    static func truthLines(_ name: String) throws -> [String] {
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.scans.appendingPathComponent(name + ".gt.json")))
        return ((truth as? [String: Any])?["lines"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    @Test(
        "a model learnt from corrected lines: whole with its record, the same bytes for the same seed, and read line by line by ingest --model"
    )
    func learns() throws {
        guard Self.available else { return }
        let (folder, document) = try Self.page(corrected: true)
        // The head alone (`--head-only`): the whole network is the next test's.
        let first = try legible(["adapt", document, "-o", folder + "/a.traineddata", "--iterations", "200", "--head-only", "--quiet"])
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        let second = try legible(["adapt", document, "-o", folder + "/b.traineddata", "--iterations", "200", "--head-only"])
        #expect(second.status == 0 && second.stderr.contains("200 iterations, held-out error"), "\(second.stderr)")
        let model = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.traineddata"))
        #expect(
            model == (try Data(contentsOf: URL(fileURLWithPath: folder + "/b.traineddata"))), "the same inputs and seed give the same model"
        )
        let record =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/a.adapted.json"))) as? [String: Any]
        let layout = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: document)))
        let correctedLines = layout.lines.count { $0.words?.contains { $0.corrected == true } == true }
        #expect(record?["modelSHA256"] as? String == Checksum.sha256Hex(of: model))
        #expect((record?["trainingLines"] as? Int ?? 0) + (record?["heldOutLines"] as? Int ?? 0) == correctedLines, "\(record ?? [:])")
        // The handwriting reader's head learnt the same lines, and reads with the model.
        let head = record?["head"] as? [String: Any]
        #expect(head?["trainingLines"] as? Int == correctedLines && head?["heldOutLines"] as? Int == 1, "\(head ?? [:])")
        #expect(Data(base64Encoded: head?["weights"] as? String ?? "")?.isEmpty == false)
        // The page was read in English, which the French hand head does not read, so the head
        // started from the model's own layer.
        #expect(head?["start"] as? String == "model", "\(head ?? [:])")
        // The head was also measured remembering the lines it learnt, and keeps them only when
        // that read the lines kept aside better than the head alone.
        let withMemory = head?["heldOutErrorWithMemory"] as? Double, alone = head?["heldOutErrorAfter"] as? Double
        let remembered = head?["memorySteps"] as? Int
        #expect(withMemory != nil && alone != nil && remembered != nil, "\(head ?? [:])")
        #expect((remembered ?? 0 > 0) == ((withMemory ?? 1) < (alone ?? 0)), "\(head ?? [:])")
        // One page: its lines were kept aside one in five, not a page at a time.
        #expect(head?["pagesAside"] as? Int == 0 && head?["pagesReadBetter"] == nil, "\(head ?? [:])")
        // The writer's words: every word with a letter that a person corrected is one, and each is in the page's text.
        let taught = Set(record?["words"] as? [String] ?? [])
        let units = Array(layout.text.utf16)
        let spans = layout.lines.flatMap { $0.words ?? [] }.filter { $0.corrected == true }.map(\.range)
        let texts: [String] = spans.map { String(decoding: units[$0.start..<$0.end], as: UTF16.self) }
        let correctedWords = texts.map { $0.trimmingCharacters(in: .punctuationCharacters) }.filter { $0.contains(where: \.isLetter) }
        #expect(!correctedWords.isEmpty && correctedWords.allSatisfy { taught.contains($0) }, "\(correctedWords) \(taught)")
        #expect(taught.allSatisfy { layout.text.contains($0) }, "\(taught)")
        // Beside Tesseract alone, the model reads each line again; a line keeps its reading where
        // it read one.
        let read = try legible([
            "ingest", folder + "/dkg-legal.png", "-o", folder + "/read", "--reader", "tesseract", "--model", folder + "/a.traineddata",
            "-q",
        ])
        #expect(read.status == 0, "\(read.stderr)")
        let adapted = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: folder + "/read/dkg-legal.json")))
        #expect(adapted.lines.contains { $0.reader == .adapted }, "\(adapted.lines.map(\.reader))")
        // The handwriting reader reads with the writer's head: the lines it learnt read as
        // written at least as often as without it, and surer (the page may read as written
        // either way).
        var exact: [Int] = []
        var sureness: [Double] = []
        for extra in [[], ["--model", folder + "/a.traineddata"]] {
            let out = folder + "/hand\(exact.count)"
            let run = try legible(["ingest", folder + "/dkg-legal.png", "-o", out, "--reader", "handwriting", "-q"] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            let read = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: out + "/dkg-legal.json")))
            let lines = read.lines.map { read.text(of: $0.range).trimmingCharacters(in: .whitespacesAndNewlines) }
            exact.append(try Self.truthLines("dkg-legal").count { lines.contains($0) })
            sureness.append(read.lines.map { $0.confidence ?? 0 }.reduce(0, +) / Double(max(read.lines.count, 1)))
        }
        #expect(exact[1] >= exact[0] && sureness[1] > sureness[0], "lines read as written: \(exact); mean line confidence: \(sureness)")
        // The loop: reading the notebook again with the model reads every page not corrected,
        // without --force, and never reads over the corrected one (73, named).
        let other = folder + "/dkg-ruled.png"
        try FileManager.default.copyItem(atPath: Repository.scans.appendingPathComponent("dkg-ruled.png").path, toPath: other)
        #expect(try legible(["ingest", other, "-o", folder, "-q"]).status == 0)
        let corrected = try Data(contentsOf: URL(fileURLWithPath: document))
        let again = try legible([
            "ingest", folder + "/dkg-legal.png", other, "-o", folder, "--reader", "tesseract", "--model", folder + "/a.traineddata", "-q",
        ])
        #expect(again.status == 73 && again.stderr.contains("dkg-legal.json"), "\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: document)) == corrected, "the corrected page is as it was")
        let reread = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: folder + "/dkg-ruled.json")))
        #expect(reread.lines.contains { $0.reader == .adapted }, "\(reread.lines.map(\.reader))")
        // pdf reads the images it ingests first with the model too.
        let pdf = try legible([
            "pdf", other, "-o", folder + "/notebook.pdf", "--reader", "tesseract", "--model", folder + "/a.traineddata", "--keep",
            folder + "/kept",
        ])
        #expect(pdf.status == 0, "\(pdf.stderr)")
        let kept = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: folder + "/kept/dkg-ruled.json")))
        #expect(kept.lines.contains { $0.reader == .adapted }, "\(kept.lines.map(\.reader))")
    }

    /// Whether Debian's PyTorch is here for the network trainer (`Docs/Learning.md`).
    static var trainerAvailable: Bool {
        RealParts.available(
            FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/torch/__init__.py"),
            reason: "python3-torch is not installed (Tools/install-dependencies)")
    }

    @Test(
        "adapt trains the reader's whole network: its record and its keep rule; a kept network is named by SHA-256 and made again byte for byte"
    )
    func learnsTheNetwork() throws {
        guard Self.available, Self.trainerAvailable else { return }
        let (folder, document) = try Self.page(corrected: true)
        let arguments = ["--iterations", "50", "--steps", "3", "--quiet"]
        let first = try legible(["adapt", document, "-o", folder + "/a.traineddata"] + arguments)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("the handwriting reader's network: "), "\(first.stdout)")
        let record = try JSONDecoder().decode(
            AdaptedModel.Record.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/a.adapted.json")))
        let network = try #require(record.network)
        #expect(network.steps == 3 && network.trainingLines + network.heldOutLines == 6 && !network.pageAside, "\(network)")
        // Kept only when it read the lines kept aside better by more than chance.
        let characters = try #require(network.heldOutCharacters)
        let chance = 2 * (network.heldOutErrorBefore * (1 - network.heldOutErrorBefore) / Double(characters)).squareRoot()
        #expect(network.kept == (network.heldOutErrorBefore - network.heldOutErrorAfter > chance), "\(network)")
        // The page was read in English: the network started from the model's own last layer.
        #expect(network.start == .model && network.layers == "all")
        let file = folder + "/a.network"
        #expect(FileManager.default.fileExists(atPath: file) == network.kept)
        if network.kept {
            #expect(network.sha256 == Checksum.sha256Hex(ofFileAt: file) && record.head == nil, "\(network)")
            let second = try legible(["adapt", document, "-o", folder + "/b.traineddata"] + arguments)
            #expect(second.status == 0, "\(second.stderr)")
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: file)) == Data(contentsOf: URL(fileURLWithPath: folder + "/b.network")),
                "the same inputs and seed give the same network")
        }
    }

    @Test("ingest --model reads with a writer's network, and refuses one altered, missing or not fitting the reader (65)")
    func networkRefusals() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        let scan = Repository.scans.appendingPathComponent("kristi-legal.png").path
        try FileManager.default.copyItem(atPath: "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata", toPath: folder + "/eng.traineddata")
        let digest = try #require(Checksum.sha256Hex(ofFileAt: folder + "/eng.traineddata"))
        // A network that only moves the last layer's bias: every class but the space 30 lower.
        let columns = 18_710
        let bias = (0..<columns).map { $0 == columns - 1 ? Float(30) : Float(-30) }
        let spaces = NetworkWeights.encoded([.init(name: "linear_8.b_0", values: bias)])
        let unfit = NetworkWeights.encoded([.init(name: "linear_8.b_0", values: [1, 2, 3])])
        for (name, bytes) in [("spaces", spaces), ("unfit", unfit), ("altered", spaces), ("missing", spaces)] {
            try FileManager.default.copyItem(atPath: folder + "/eng.traineddata", toPath: folder + "/\(name).traineddata")
            var record = try JSONDecoder().decode(AdaptedModel.Record.self, from: Self.record(naming: digest))
            record.network = AdaptedModel.Record.Network(
                sha256: Checksum.sha256Hex(of: bytes), tensors: 1, values: columns, layers: "all", trainingLines: 5, heldOutLines: 1,
                pageAside: false, widthScale: 1, start: .model, heldOutErrorBefore: 0.5, heldOutErrorAfter: 0.4, steps: 3, seed: 1,
                seconds: 1, kept: true)
            try JSONEncoder().encode(record).write(to: URL(fileURLWithPath: folder + "/\(name).adapted.json"))
            if name != "missing" { try Data(bytes).write(to: URL(fileURLWithPath: folder + "/\(name).network")) }
        }
        var altered = try Data(contentsOf: URL(fileURLWithPath: folder + "/altered.network"))
        altered[altered.count - 1] ^= 1
        try altered.write(to: URL(fileURLWithPath: folder + "/altered.network"))
        // Read with the network, the page names another model than with the same record
        // without it (the options digest covers the network's SHA-256); what the network reads
        // is the trainer's test (`NetworkTrainerTests`, through the same ONNX Runtime door).
        try FileManager.default.copyItem(atPath: folder + "/eng.traineddata", toPath: folder + "/plain.traineddata")
        try Self.record(naming: digest).write(to: URL(fileURLWithPath: folder + "/plain.adapted.json"))
        var digests: [String] = []
        for name in ["spaces", "plain"] {
            let read = try legible([
                "ingest", scan, "-o", folder + "/\(name)", "--reader", "handwriting", "--model", folder + "/\(name).traineddata", "-q",
            ])
            #expect(read.status == 0, "\(read.stderr)")
            let layout = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: folder + "/\(name)/kristi-legal.json")))
            digests.append(layout.engine?.optionsDigest ?? "")
        }
        #expect(digests[0] != digests[1] && !digests[0].isEmpty, "\(digests)")
        let cases: [(String, String)] = [
            ("altered", "is not the network the record"), ("missing", "its network"), ("unfit", "no tensor of that size"),
        ]
        for (name, reason) in cases {
            let run = try legible([
                "ingest", scan, "-o", folder + "/out", "--reader", "handwriting", "--model", folder + "/\(name).traineddata",
            ])
            #expect(
                run.status == 65 && run.stderr.contains(reason) && run.stderr.split(separator: "\n").count == 1, "\(name): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/out/kristi-legal.json"))
        }
    }

    @Test(
        "SIGTERM, SIGINT or SIGHUP while the network or the head trains: the trainer is stopped and the work folder removed",
        arguments: [(["--steps", "5000"], "legible_train.py"), (["--head-only"], "legible_head.py")])
    func signalledWhileTraining(_ options: [String], script: String) throws {
        guard Self.available, Self.trainerAvailable else { return }
        let (folder, document) = try Self.page(corrected: true)
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            let work = try temporaryFolder()
            let process = Process()
            process.executableURL = Repository.legibleExecutable
            process.arguments = ["adapt", document, "-o", folder + "/hand.traineddata", "--quiet"] + options
            process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": work]) { $1 }
            (process.standardError, process.standardOutput) = (FileHandle.nullDevice, FileHandle.nullDevice)
            try process.run()
            // The trainer: a child of adapt running the script. The head's runs are short (a
            // second or two each, PyTorch's import most of it), so adapt is watched closely.
            var trainer: pid_t?
            for _ in 0..<6000 where trainer == nil && process.isRunning {
                Thread.sleep(forTimeInterval: 0.01)
                trainer = Self.child(of: process.processIdentifier, running: script)
            }
            let child = try #require(trainer, "the trainer never started")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            var gone = false
            for _ in 0..<100 where !gone {
                gone = kill(child, 0) != 0
                if !gone { Thread.sleep(forTimeInterval: 0.1) }
            }
            #expect(gone, "the trainer outlived adapt after signal \(signal)")
            #expect((try FileManager.default.contentsOfDirectory(atPath: work)).isEmpty, "signal \(signal) left the work folder")
            #expect(!FileManager.default.fileExists(atPath: folder + "/hand.traineddata"))
        }
    }

    /// A child process of `parent` whose command line holds `text`.
    static func child(of parent: pid_t, running text: String) -> pid_t? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for name in names {
            guard let pid = pid_t(name), let status = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = status.lastIndex(of: ")"), let parentField = status[close...].split(separator: " ").dropFirst(2).first,
                pid_t(parentField) == parent,
                let command = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(name)/cmdline")),
                String(decoding: command, as: UTF8.self).contains(text)
            else { continue }
            return pid
        }
        return nil
    }

    @Test("bad inputs to adapt: one line, a documented exit, and no model left", arguments: AdaptRefusal.allCases)
    func refusals(_ refusal: AdaptRefusal) throws {
        guard Self.available else { return }
        let (folder, document) = try Self.page(corrected: refusal != .noCorrectedLines)
        var output = folder + "/hand.traineddata"
        var environment: [String: String] = [:]
        var held: FileLock?
        switch refusal {
        case .noCorrectedLines: break
        case .notTrainedData: output = folder + "/hand.model"
        case .folder: try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
        case .link:
            try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/mine"))
            try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: folder + "/mine")
        case .scanMissing: try FileManager.default.removeItem(atPath: folder + "/dkg-legal.png")
        case .scanChanged:
            try FileManager.default.removeItem(atPath: folder + "/dkg-legal.png")
            try FileManager.default.copyItem(
                atPath: Repository.scans.appendingPathComponent("chicago-2.png").path, toPath: folder + "/dkg-legal.png")
        case .startModelAltered:
            let models = try temporaryFolder()
            try Data("not a model".utf8).write(to: URL(fileURLWithPath: models + "/tessdata-best-fra.traineddata"))
            environment["LEGIBLE_HANDWRITING"] = models
        case .anotherWriter: held = try FileLock(for: output, wait: 0)
        case .folderMissing: output = folder + "/missing/hand.traineddata"
        case .overStartModel:
            let models = try temporaryFolder()
            output = models + "/tessdata-best-fra.traineddata"
            try FileManager.default.copyItem(
                atPath: Repository.root.appendingPathComponent(".build/vendor/handwriting/tessdata-best-fra.traineddata").path,
                toPath: output)
            environment["LEGIBLE_HANDWRITING"] = models
        }
        let before = try? Data(contentsOf: URL(fileURLWithPath: output))
        let run = try legible(["adapt", document, "-o", output, "--iterations", "200", "--quiet"], environment: environment)
        withExtendedLifetime(held) {}
        #expect(run.status == refusal.status, "\(refusal): \(run.stderr)")
        #expect(run.stderr.hasPrefix("legible: ") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/hand.adapted.json"), "no record without its model")
        if refusal == .link { #expect((try? String(contentsOfFile: folder + "/mine", encoding: .utf8)) == "mine") }
        #expect((try? Data(contentsOf: URL(fileURLWithPath: output))) == before, "the output path is as it was")
    }

    /// A record as `adapt` writes it, naming a model whose SHA-256 is `digest`, with a head
    /// whose weights are `head` when given; of `version`, else of version 1 for a head with no
    /// keep (made before the check) and the current version otherwise.
    /// The Tesseract model's measure on its lines kept aside is `tesseractError` (its head's: 0.5
    /// before, 0.4 after).
    static func record(naming digest: String, head: String? = nil, kept: Bool? = nil, version: Int? = nil, tesseractError: Double = 0.4)
        throws -> Data
    {
        let learnt = head.map {
            AdaptedModel.Record.Head(
                trainingLines: 5, heldOutLines: 1, skippedLines: 0, passes: 10, widthScale: 1, start: .model, heldOutErrorBefore: 0.5,
                heldOutErrorAfter: 0.4, seconds: 1, weights: $0, kept: kept)
        }
        var record = AdaptedModel.Record(
            modelSHA256: digest, startModelSHA256: digest, sources: [], trainingLines: 5, heldOutLines: 1, skippedLines: 0,
            unknownCharacters: [], seed: 1, iterations: 200, heldOutErrorBefore: 0.5, heldOutErrorAfter: tesseractError, seconds: 1,
            words: [], head: learnt)
        record.version = version ?? (head != nil && kept == nil ? 1 : AdaptedModel.recordVersion)
        return try JSONEncoder().encode(record)
    }

    @Test(
        "beside the handwriting reader, the adapted Tesseract model reads lines again only when adapt measured it the better reader"
    )
    func readsAgainWhereBetter() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        let readers = PageReaders(executable: Repository.legibleExecutable.path)
        // The handwriting reader's head, not kept, read its lines kept aside at 0.5.
        for (name, error, rereads) in [("better", 0.1, true), ("worse", 0.9, false)] {
            let model = folder + "/\(name).traineddata"
            try FileManager.default.copyItem(atPath: "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata", toPath: model)
            let digest = try #require(Checksum.sha256Hex(ofFileAt: model))
            try Self.record(naming: digest, head: "", kept: false, tesseractError: error).write(
                to: URL(fileURLWithPath: folder + "/\(name).adapted.json"))
            var options = try PageReaders.options(
                languages: "eng", timeout: nil, reader: .auto, model: model, executable: Repository.legibleExecutable.path)
            #expect(options.adaptedModel?.readsBesideHandwriting == rereads, "\(name)")
            let beside = try readers.recogniser(options, workers: 1).lineReader
            #expect(
                (beside is AdaptedLineReader) == rereads && (beside is HandwritingLineReader) == !rereads, "\(name): \(type(of: beside))")
            // With Tesseract alone, the model reads every line again either way.
            options.lineChoice = .tesseract
            #expect(try readers.recogniser(options, workers: 1).lineReader is AdaptedLineReader, "\(name)")
        }
    }

    @Test(
        "ingest --model refuses a model that is missing, not a model, another's, or not the one its record describes, before Tesseract reads it"
    )
    func modelRefusals() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        let scan = Repository.scans.appendingPathComponent("dkg-legal.png").path
        try FileManager.default.copyItem(atPath: "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata", toPath: folder + "/eng.traineddata")
        try Data("text".utf8).write(to: URL(fileURLWithPath: folder + "/text.traineddata"))
        try FileManager.default.copyItem(atPath: folder + "/eng.traineddata", toPath: folder + "/swapped.traineddata")
        try Self.record(naming: "00").write(to: URL(fileURLWithPath: folder + "/swapped.adapted.json"))
        try FileManager.default.createDirectory(atPath: folder + "/dir.traineddata", withIntermediateDirectories: false)
        // A record that names the model but holds a head that is not base64, or not a head.
        let digest = try #require(Checksum.sha256Hex(ofFileAt: folder + "/eng.traineddata"))
        for (name, weights) in [("unreadable", "not base64!"), ("headless", "AAAA")] {
            try FileManager.default.copyItem(atPath: folder + "/eng.traineddata", toPath: folder + "/\(name).traineddata")
            try Self.record(naming: digest, head: weights).write(to: URL(fileURLWithPath: folder + "/\(name).adapted.json"))
        }
        // A record of a version this legible does not read; one of version 2 whose head names
        // no keep, which every record of that version does.
        for (name, data) in [
            ("future", try Self.record(naming: digest, version: 3)),
            ("keepless", try Self.record(naming: digest, head: "AAAA", version: 2)),
        ] {
            try FileManager.default.copyItem(atPath: folder + "/eng.traineddata", toPath: folder + "/\(name).traineddata")
            try data.write(to: URL(fileURLWithPath: folder + "/\(name).adapted.json"))
        }
        // A record with only some of its fields is not a record adapt wrote.
        try FileManager.default.copyItem(atPath: folder + "/eng.traineddata", toPath: folder + "/partial.traineddata")
        try Data(#"{"format": "legible-adapted-model", "modelSHA256": "\#(digest)"}"#.utf8).write(
            to: URL(fileURLWithPath: folder + "/partial.adapted.json"))
        let unfit = try legible(["ingest", scan, "-o", folder + "/out", "--model", folder + "/headless.traineddata", "--reader", "auto"])
        #expect(unfit.status == 65 && unfit.stderr.contains("does not fit the handwriting model"), "\(unfit.stderr)")
        // A head the record did not keep (no weights) is no head: the page is read without one.
        try FileManager.default.copyItem(atPath: folder + "/eng.traineddata", toPath: folder + "/unkept.traineddata")
        try Self.record(naming: digest, head: "", kept: false).write(to: URL(fileURLWithPath: folder + "/unkept.adapted.json"))
        let unkept = try legible(["ingest", scan, "-o", folder + "/unkept", "--model", folder + "/unkept.traineddata", "-q"])
        #expect(unkept.status == 0, "\(unkept.stderr)")
        let cases: [(String, Int32, String)] = [
            ("unreadable.traineddata", 65, "holds a head that is not base64"),
            ("missing.traineddata", 66, "no such model"), ("text.traineddata", 65, "is not a Tesseract model"),
            ("eng.traineddata", 65, "has no record of its training"), ("swapped.traineddata", 65, "its SHA-256 differs"),
            ("partial.traineddata", 65, "has no record of its training"),
            ("future.traineddata", 65, "is of version 3, which this legible does not read"),
            ("keepless.traineddata", 65, "names no start layer or keep"),
            ("dir.traineddata", 65, "is not a regular file"), ("eng.model", 65, "must end in .traineddata"),
        ]
        for (name, status, reason) in cases {
            let run = try legible(["ingest", scan, "-o", folder + "/out", "--model", folder + "/" + name])
            #expect(
                run.status == status && run.stderr.contains(reason) && run.stderr.split(separator: "\n").count == 1,
                "\(name): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/out/dkg-legal.json"))
        }
    }

    @Test("--minutes bounds adapt from its first step: 40 corrected pages in 0.05 minutes make a model at once")
    func minutesFromTheStart() throws {
        guard Self.available else { return }
        let (folder, document) = try Self.page(corrected: true)
        // 40 documents of the same corrected page (each its own file), 240 lines to prepare.
        var documents = [document]
        for copy in 1..<40 {
            let path = folder + "/copy-\(copy).json"
            try FileManager.default.copyItem(atPath: document, toPath: path)
            documents.append(path)
        }
        let started = Date()
        let run = try legible(["adapt"] + documents + ["-o", folder + "/hand.traineddata", "--minutes", "0.05", "--quiet"])
        let seconds = Date().timeIntervalSince(started)
        #expect(run.status == 0, "\(run.stderr)")
        let record = try JSONDecoder().decode(
            AdaptedModel.Record.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/hand.adapted.json")))
        // Time ran out while the lines were prepared: fewer were made than corrected, no head.
        #expect(record.trainingLines + record.heldOutLines < 240, "\(record.trainingLines) + \(record.heldOutLines)")
        #expect(record.head == nil)
        #expect(seconds < 30, "\(seconds) s for 3 s of --minutes")
    }

    @Test(
        "a work folder with no room left is 74 with one line, whether the start model's copy or lstmtraining's checkpoint finds it",
        arguments: [2, 6000])
    func outOfRoom(_ kilobytes: Int) throws {
        guard Self.available else { return }
        let (folder, document) = try Self.page(corrected: true)
        let run = try shell(
            "ulimit -f \(kilobytes); \"$L\" adapt \(document) -o hand.traineddata --iterations 200 --quiet", in: folder)
        #expect(run.status == 74, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("legible: ") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/hand.traineddata"))
    }

    @Test("a kill at any moment leaves no model, and the next run is not kept out")
    func killed() throws {
        guard Self.available else { return }
        let (folder, document) = try Self.page(corrected: true)
        for delay in [0.3, 2.0, 6.0] {
            let process = Process()
            process.executableURL = Repository.legibleExecutable
            process.arguments = ["adapt", document, "-o", folder + "/hand.traineddata", "--iterations", "400", "--quiet"]
            process.standardError = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(!FileManager.default.fileExists(atPath: folder + "/hand.traineddata"), "killed after \(delay) s")
            #expect(!FileManager.default.fileExists(atPath: folder + "/hand.adapted.json"))
        }
        // The whole run again, each part short: what is asked is that nothing left keeps it out.
        let after = try legible(["adapt", document, "-o", folder + "/hand.traineddata", "--iterations", "50", "--steps", "3", "--quiet"])
        #expect(after.status == 0, "\(after.stderr)")
    }
}

/// A bad input to `legible adapt`, and its exit status.
enum AdaptRefusal: CaseIterable, CustomTestStringConvertible {
    case noCorrectedLines, notTrainedData, folder, link, scanMissing, scanChanged, startModelAltered, anotherWriter, folderMissing
    case overStartModel

    var status: Int32 {
        switch self {
        case .noCorrectedLines, .scanChanged: return 65
        case .notTrainedData, .folder, .link, .overStartModel: return 64
        case .folderMissing: return 73
        case .scanMissing: return 66
        case .startModelAltered: return 69
        case .anotherWriter: return 75
        }
    }

    var testDescription: String { "\(self)" }
}
