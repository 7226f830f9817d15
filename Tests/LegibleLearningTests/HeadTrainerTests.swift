import Foundation
import LegibleHandwriting
import LegibleImage
import LegibleLayout
import LegibleTestSupport
import Testing

@testable import LegibleLearning

/// The head trainer over Debian's PyTorch (`Docs/Learning.md`, "The head and the memory"): the
/// last layer learns a hand from a few of its lines, gives the same bytes twice, stops when its
/// time is out, and refuses lines it cannot learn with one line.
@Suite("the head trainer", .serialized)
struct HeadTrainerTests {
    /// The width factor that makes the Kristi font a narrow hand, which the model reads badly, as
    /// it reads the 1914 diary's hand at its own width.
    static let narrow = 0.7

    /// The truth lines of a bundled scan in the Kristi font at ``narrow`` width, as the network's
    /// features and the page script's classes.
    static func lines(_ name: String, model: HandwritingModel, classes: ReadingClasses) throws -> [HeadTraining.Line] {
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.scans.appendingPathComponent(name + ".gt.json")))
        let path = Repository.scans.appendingPathComponent(name + ".png").path
        let page = try ImageFile.greyImage(data: Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        return try ((truth as? [String: Any])?["lines"] as? [[String: Any]] ?? []).compactMap { line in
            guard let text = line["text"] as? String, let box = line["box"] as? [Double], box.count == 4,
                let labels = HeadTraining.labels(text, classes: classes)
            else { return nil }
            let crop = HandwritingModel.lineCrop(of: page, box: PixelBox(x: box[0], y: box[1], width: box[2], height: box[3]))
            let output = try model.features(of: crop, scale: narrow)
            return HeadTraining.Line(features: output.values, steps: output.steps, labels: labels)
        }
    }

    /// The reader with its features, its start head and classes, when the real parts are here.
    static func reader() throws -> (model: HandwritingModel, start: WriterHead, classes: ReadingClasses)? {
        guard NetworkTrainerTests.available else { return nil }
        let model = try HandwritingModel(files: NetworkTrainerTests.files, features: true)
        let classes = model.latinClasses()
        return (model, try HandwritingModel.startHead(files: NetworkTrainerTests.files, classes: classes), classes)
    }

    @Test("a head learns a narrow hand from two pages of it: a third page of the same hand reads with fewer than 0.7 times the errors")
    func learnsAHand() throws {
        guard let (model, start, classes) = try Self.reader() else { return }
        let learnt = try ["kristi-grid", "kristi-legal"].flatMap { try Self.lines($0, model: model, classes: classes) }
        let unseen = try Self.lines("kristi-plain", model: model, classes: classes)
        try #require(learnt.count >= 8 && unseen.count >= 4)
        let head = try HeadTrainer.train(start, training: learnt, folder: try temporaryFolder()) { _ in Array(learnt.indices) }
        let (before, after) = (
            HeadTraining.errorRate(start, unseen, symbols: classes.symbols), HeadTraining.errorRate(head, unseen, symbols: classes.symbols)
        )
        #expect(before > 0.2 && after < 0.7 * before, "unseen page: \(before) → \(after)")
        #expect(head.classes == start.classes && head.widthScale == start.widthScale && head.memory == nil)
    }

    @Test("the same lines and orders give the same head, byte for byte; another order another head")
    func deterministic() throws {
        guard let (model, start, classes) = try Self.reader() else { return }
        let lines = try Self.lines("kristi-legal", model: model, classes: classes)
        var settings = HeadTrainer.Settings()
        settings.passes = 2
        func train(_ order: @escaping (Int) -> [Int]) throws -> [UInt8] {
            try HeadTrainer.train(start, training: lines, settings: settings, folder: try temporaryFolder(), order: order).bytes
        }
        let forward = try train { _ in Array(lines.indices) }
        #expect(try train { _ in Array(lines.indices) } == forward)
        #expect(try train { _ in lines.indices.reversed() } != forward)
        #expect(forward != start.bytes, "two passes changed nothing")
    }

    @Test("out of time, the child writes no head and says so; a label outside the classes is refused in one line")
    func refusals() throws {
        guard let (model, start, classes) = try Self.reader() else { return }
        let lines = try Self.lines("kristi-legal", model: model, classes: classes)
        #expect {
            // The deadline is set before the child starts, and importing PyTorch alone takes longer.
            try HeadTrainer.train(start, training: lines, folder: try temporaryFolder(), seconds: 0.01) { _ in Array(lines.indices) }
        } throws: { ($0 as? NetworkTrainer.Failure)?.kind == .outOfTime }
        var foreign = lines[0]
        foreign.labels = [start.classes.count + 5]
        #expect {
            try HeadTrainer.train(start, training: [foreign], folder: try temporaryFolder()) { _ in [0] }
        } throws: { error in
            guard let failure = error as? NetworkTrainer.Failure else { return false }
            return failure.kind == .failed && failure.description.contains("outside the head's") && !failure.description.contains("\n")
        }
        #expect {
            try HeadTrainer.train(start, training: lines, folder: try temporaryFolder(), python: "/nonexistent/python3") { _ in [0] }
        } throws: { ($0 as? NetworkTrainer.Failure)?.kind == .missingRuntime }
    }
}
