import Foundation
import LegibleCommandSupport
import LegibleEvaluation
import LegibleHandwriting
import LegibleImage
import LegibleLayout
import LegibleTestSupport
import Testing

@testable import LegibleLearning

/// The trainer over Debian's PyTorch (`Docs/Learning.md`, "The trainer"), on real lines of a
/// bundled scan: it learns, it gives the same bytes twice, the weights it leaves read in ONNX
/// Runtime as they read in the trainer, and a missing runtime is one failure, not a crash.
@Suite("the network trainer", .serialized)
struct NetworkTrainerTests {
    static let folder = Repository.root.appendingPathComponent(".build/vendor/handwriting").path
    static var files: HandwritingModel.Files { HandwritingModel.Files(folder: folder) }

    /// Whether the reader's files and Debian's PyTorch are here; a printed reason when not, a
    /// failure where real parts are required (`.ci/run`).
    static var available: Bool {
        let torch = FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/torch/__init__.py")
        let ready = FileManager.default.fileExists(atPath: files.model) && torch
        if !ready {
            let reason = "the handwriting reader's files or python3-torch are missing (Tools/install-dependencies)"
            if ProcessInfo.processInfo.environment["LEGIBLE_REQUIRE_REAL_PARTS"] == "1" {
                Issue.record("a real part is required here: \(reason)")
            } else {
                print("skipping: \(reason)")
            }
        }
        return ready
    }

    /// The lines of three pages in one handwriting font (kristi: the reader misreads about one
    /// letter in ten) under their truth boxes, as the reader sees them, with their texts as the
    /// model's classes.
    static func lines(model: HandwritingModel) throws -> [NetworkTrainer.Line] {
        var classes: [String: Int] = [:]
        for (index, symbol) in model.alphabet.enumerated() where index > 0 { classes[symbol] = classes[symbol] ?? index }
        return try ["kristi-legal", "kristi-plain", "kristi-grid"].flatMap { name -> [NetworkTrainer.Line] in
            let truth = try JSONSerialization.jsonObject(
                with: Data(contentsOf: Repository.scans.appendingPathComponent(name + ".gt.json")))
            let path = Repository.scans.appendingPathComponent(name + ".png").path
            let page = try ImageFile.greyImage(data: Data(contentsOf: URL(fileURLWithPath: path)), path: path)
            return ((truth as? [String: Any])?["lines"] as? [[String: Any]] ?? []).compactMap { line -> NetworkTrainer.Line? in
                guard let text = line["text"] as? String, let box = line["box"] as? [Double], box.count == 4 else { return nil }
                let labels = text.map { classes[String($0)] }
                guard labels.allSatisfy({ $0 != nil }) else { return nil }
                let crop = HandwritingModel.lineCrop(of: page, box: PixelBox(x: box[0], y: box[1], width: box[2], height: box[3]))
                return NetworkTrainer.Line(
                    tensor: LineTensor(grey: crop.pixels, width: crop.width, height: crop.height), labels: labels.compactMap { $0 })
            }
        }
    }

    static func train(_ lines: [NetworkTrainer.Line], aside: [NetworkTrainer.Line], steps: Int, settings: NetworkTrainer.Settings = .init())
        throws -> NetworkTrainer.Result
    {
        var settings = settings
        (settings.steps, settings.every, settings.threads) = (steps, 1, 2)
        let folder = try temporaryFolder()
        let model = try HandwritingModel.loadedBytes(files, features: false, hand: nil)
        return try NetworkTrainer.train(
            model: model, training: lines, aside: aside, settings: settings, folder: folder, seconds: 300, progress: { _ in })
    }

    /// The greedy character error rate of `model` on `lines`, read by ONNX Runtime.
    static func errorRate(_ model: HandwritingModel, _ lines: [NetworkTrainer.Line]) throws -> Double {
        var (errors, characters) = (0, 0)
        for line in lines {
            let read = try model.probabilities(line.tensor)
            let text = CTCDecoding.greedy(read.values, steps: read.steps, alphabet: model.alphabet).map(\.symbol)
            let truth = line.labels.map { model.alphabet[$0] }
            errors += Scorer.levenshtein(text, truth)
            characters += truth.count
        }
        return Double(errors) / Double(max(characters, 1))
    }

    @Test("trained on lines, the network reads them better; ONNX Runtime reads its weights as the trainer measured them")
    func learns() throws {
        guard Self.available, let reader = try? HandwritingModel(files: Self.files) else { return }
        let lines = try Self.lines(model: reader)
        #expect(lines.count >= 10)
        var measures: [NetworkTrainer.Progress] = []
        var settings = NetworkTrainer.Settings()
        // The measured weights are compared with ONNX Runtime's reading: no refit over them.
        (settings.rate, settings.refit) = (1e-4, false)
        let folder = try temporaryFolder()
        let result = try NetworkTrainer.train(
            model: HandwritingModel.loadedBytes(Self.files, features: false, hand: nil), training: lines, aside: lines,
            settings: {
                var s = settings; (s.steps, s.every, s.threads) = (6, 2, 2); return s
            }(), folder: folder, seconds: 300
        ) { measures.append($0) }
        #expect(measures.first?.step == 0 && measures.last?.step == 6, "\(measures)")
        #expect(result.after < result.before, "\(result.before) → \(result.after)")
        // Every tensor of more than one value but the batch norms' statistics: the whole network.
        #expect(result.weights.tensors.count > 100 && result.weights.tensors.contains { $0.name == "linear_8.w_0" })
        let trained = try HandwritingModel(files: Self.files, network: result.weights)
        let (before, after) = (try Self.errorRate(reader, lines), try Self.errorRate(trained, lines))
        #expect(abs(before - result.before) < 0.02 && abs(after - result.after) < 0.02, "ONNX Runtime \(before) → \(after)")
    }

    @Test("the same lines, settings and seed give the same weights, byte for byte, refit included")
    func deterministic() throws {
        guard Self.available, let reader = try? HandwritingModel(files: Self.files) else { return }
        let lines = try Self.lines(model: reader)
        // Measured on the lines it learns, so that a best measure (and a refit) comes soon.
        var settings = NetworkTrainer.Settings()
        settings.rate = 1e-4
        let four = Array(lines.prefix(4))
        let first = try Self.train(four, aside: four, steps: 2, settings: settings)
        let second = try Self.train(four, aside: four, steps: 2, settings: settings)
        #expect(first.bytes == second.bytes && first.after == second.after)
        // The best measure chose the steps, and every line, those kept aside too, was learnt
        // again for as many passes over them.
        #expect(first.refitSteps > 0 && first.refitSteps == second.refitSteps, "\(first.refitSteps)")
    }

    @Test("the weights measured and written are a running average of those trained, unless the settings ask for none")
    func averaged() throws {
        guard Self.available, let reader = try? HandwritingModel(files: Self.files) else { return }
        let four = Array(try Self.lines(model: reader).prefix(4))
        var plain = NetworkTrainer.Settings()
        (plain.rate, plain.refit, plain.average) = (1e-4, false, 0)
        var averaged = plain
        averaged.average = NetworkTrainer.Settings().average
        #expect(averaged.average > 0 && averaged.average < 1)
        let trained = try Self.train(four, aside: four, steps: 3, settings: plain)
        let mean = try Self.train(four, aside: four, steps: 3, settings: averaged)
        #expect(trained.bytes != mean.bytes)
        // Both measures are of the start weights at step 0, the same for both.
        #expect(trained.before == mean.before)
        // The average lags behind: it lies between the start and the weights trained, so it
        // is nearer the start than they are.
        let model = try HandwritingModel.loadedBytes(Self.files, features: false, hand: nil)
        let start = try #require(ModelGraph.constant("linear_8.w_0", in: model)).values
        func distance(_ result: NetworkTrainer.Result) -> Double {
            guard let tensor = result.weights.tensors.first(where: { $0.name == "linear_8.w_0" }) else { return .nan }
            return zip(tensor.values, start).reduce(0) { $0 + Double(($1.0 - $1.1) * ($1.0 - $1.1)) }
        }
        #expect(distance(mean) < distance(trained), "\(distance(mean)) against \(distance(trained))")
    }

    @Test("no interpreter, or one without PyTorch, is a missing runtime with one line")
    func missingRuntime() throws {
        guard Self.available, let reader = try? HandwritingModel(files: Self.files) else { return }
        let lines = Array(try Self.lines(model: reader).prefix(2))
        // An interpreter that cannot import torch: Debian's without its site packages.
        let bare = try temporaryFolder() + "/python3"
        let script = ["#!/bin/sh", #"exec /usr/bin/python3 -S "$@""#, ""].joined(separator: "\n")
        try Data(script.utf8).write(to: URL(fileURLWithPath: bare))
        chmod(bare, 0o755)
        for python in ["/nonexistent/python3", bare] {
            var settings = NetworkTrainer.Settings()
            settings.python = python
            #expect {
                try Self.train(lines, aside: lines, steps: 1, settings: settings)
            } throws: { error in
                guard let failure = error as? NetworkTrainer.Failure else { return false }
                return failure.kind == .missingRuntime && !failure.description.contains("\n")
            }
        }
    }
}
