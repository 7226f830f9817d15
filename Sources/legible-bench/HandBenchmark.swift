import Foundation
import LegibleEvaluation
import LegibleHandwriting
import LegibleImport
import LegibleLayout
import LegibleOCR

/// `legible-bench hand [CORPUS]` (`Docs/Recognition.md`, "Handwriting"): the handwriting reader
/// on the ground-truth lines of each real set (the real corpus unless given: `Docs/Architecture.md`,
/// "Real corpus"): each
/// line's ALTO box, padded 8 px, read by PP-OCRv5 with greedy CTC, at the line's own width and
/// at twice it, keeping the reading of higher mean confidence; with `--latin`, only the Latin
/// classes (``HandwritingModel/latinClasses()``). Prints line CER per set (errors
/// over truth characters, case kept), time a line and peak memory.
func handBenchmark(_ corpus: String, latin: Bool) throws {
    let executable = CommandLine.arguments[0]
    let folder = HandwritingModel.Files.defaultFolder(executable: executable, environment: ProcessInfo.processInfo.environment)
    let model = try HandwritingModel(files: HandwritingModel.Files(folder: folder))
    let sets = ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []).sorted().filter {
        FileManager.default.fileExists(atPath: corpus + "/" + $0 + "/MANIFEST.tsv")
    }
    let allowed = latin ? model.latinClasses() : nil
    print(
        "handwriting reader: PP-OCRv5 mobile, greedy CTC, widths ×1 and ×2 by confidence, \(latin ? "Latin classes only" : "every class")")
    for set in sets {
        var (errors, characters, lines, seconds) = (0, 0, 0, 0.0)
        for page in pages(in: corpus + "/" + set) {
            for (truth, reading, time) in try readLines(page.image, page.alto, model: model, allowed: allowed) {
                errors += Scorer.levenshtein(Array(truth), Array(reading))
                characters += truth.count
                lines += 1
                seconds += time
            }
        }
        guard lines > 0 else { continue }
        print(
            String(
                format: "%@: %d lines, line CER %.3f, %.3f s a line", set, lines, Double(errors) / Double(max(characters, 1)),
                seconds / Double(lines)))
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    print(String(format: "peak memory: %.0f MB", Double(usage.ru_maxrss) / 1024))
}

/// Each image of `folder` with its ALTO truth.
func pages(in folder: String) -> [(image: String, alto: String)] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().filter { $0.hasSuffix(".xml") }.compactMap { name in
        let stem = folder + "/" + String(name.dropLast(4))
        return FileManager.default.fileExists(atPath: stem + ".jpg") ? (stem + ".jpg", folder + "/" + name) : nil
    }
}

/// Every truth line of one page: its text, the reader's text, and the seconds the reading took.
func readLines(_ imagePath: String, _ altoPath: String, model: HandwritingModel, allowed: [Bool]?) throws -> [(String, String, Double)] {
    let data = try Data(contentsOf: URL(fileURLWithPath: imagePath))
    let description = try Recogniser.describeImage(data: data, path: imagePath)
    let truth = try LayoutImporter.importLayout(try Data(contentsOf: URL(fileURLWithPath: altoPath)), file: altoPath, image: description)
    let grey = try Recogniser.greyImage(data: data, path: imagePath)
    let image = GreyImage(width: grey.width, height: grey.height, pixels: grey.pixels)
    return try truth.lines.map { line in
        let start = Date()
        let reading = try model.read(image, box: line.box, allowed: allowed)
        return (truth.text(of: line.range), reading.text, Date().timeIntervalSince(start))
    }
}
