import Foundation
import LegibleBatch
import LegibleHandwriting
import LegibleImage
import LegibleImport
import LegibleLayout

/// A corpus of line truth laid out as the real corpus is (`Docs/Architecture.md`, "Real
/// corpus"): sets, each a folder with a `MANIFEST.tsv`, of JPEG pages beside their ALTO truth.
/// What the recipes of shipped models learn from (`legible-learn`) and what the benches read
/// (`legible-bench hand`), read one way.
public enum TruthCorpus {
    /// The sets of `corpus`: its folders with a `MANIFEST.tsv`, sorted by name.
    public static func sets(in corpus: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []).sorted().filter {
            FileManager.default.fileExists(atPath: corpus + "/" + $0 + "/MANIFEST.tsv")
        }
    }

    /// Each JPEG page of `folder` with its ALTO truth (paths), sorted by name.
    public static func pages(in folder: String) -> [(image: String, alto: String)] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().filter { $0.hasSuffix(".xml") }.compactMap { name in
            let stem = folder + "/" + String(name.dropLast(4))
            return FileManager.default.fileExists(atPath: stem + ".jpg") ? (stem + ".jpg", folder + "/" + name) : nil
        }
    }

    /// A page in grey and its ALTO truth, in the image's displayed pixels. Throws when the
    /// truth does not fit the image (a scan turned after it was transcribed).
    public static func page(_ imagePath: String, _ altoPath: String) throws -> (GreyImage, PageLayout) {
        let data = try Data(contentsOf: URL(fileURLWithPath: imagePath))
        let description = try ImageFile.describe(data: data, path: imagePath)
        let truth = try LayoutImporter.importLayout(
            try Data(contentsOf: URL(fileURLWithPath: altoPath)), file: altoPath, image: description)
        return (try ImageFile.greyImage(data: data, path: imagePath), truth)
    }

    /// Calls `body` with each page of `corpus`'s set `set` whose truth fits its image: its
    /// ALTO path, its image in grey and its truth. A page whose truth does not fit its image (a
    /// scan turned after it was transcribed) is left out and named to `tell`: a library prints
    /// nothing of its own.
    public static func forEachPage(
        of set: String, in corpus: String, tell: (String) -> Void, _ body: (String, GreyImage, PageLayout) throws -> Void
    ) throws {
        for page in pages(in: corpus + "/" + set) {
            let image: GreyImage, truth: PageLayout
            do { (image, truth) = try Self.page(page.image, page.alto) } catch {
                tell("\(set): \(page.alto) left out: \(error)")
                continue
            }
            try body(page.alto, image, truth)
        }
    }

    /// Calls `body` with each truth line of `corpus`'s sets at least 8 pixels each way: its
    /// page's name (`SET/PAGE.xml`) and image, the line, its text as `classes`' positions (nil
    /// when the page script does not spell it), and one of the widths pages are read at
    /// (``HandwritingModel/widthScales``), drawn by a fixed seed line by line. Pages are those
    /// of ``forEachPage(of:in:tell:_:)``; `tell` also hears each set read.
    public static func forEachLine(
        _ corpus: String, classes: ReadingClasses, tell: (String) -> Void,
        _ body: (String, GreyImage, Line, [Int]?, Double) throws -> Void
    ) throws {
        var drawn = 0
        for set in sets(in: corpus) {
            try forEachPage(of: set, in: corpus, tell: tell) { alto, image, truth in
                for line in truth.lines where line.box.width >= 8 && line.box.height >= 8 {
                    let labels = HeadTraining.labels(truth.text(of: line.range), classes: classes)
                    if labels != nil { drawn += 1 }
                    let scale = HandwritingModel.widthScales[
                        Int(StableHash.finalise(UInt64(drawn)) % UInt64(HandwritingModel.widthScales.count))]
                    try body(set + "/" + alto, image, line, labels, scale)
                }
            }
            tell("\(set): read so far")
        }
    }

    /// The pages kept aside from learning: a tenth of `pages`, drawn by a fixed seed, so every
    /// recipe keeps the same ones.
    public static func keptAside(_ pages: [String]) -> Set<String> {
        Set(StableHash.shuffled(pages.count, seed: 11).prefix(pages.count / 10).map { pages[$0] })
    }
}
