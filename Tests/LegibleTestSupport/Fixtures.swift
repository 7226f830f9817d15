import Foundation
import LegibleLayout
import Testing

/// Where the repository's folders are, found from this file's path (tests run from any cwd).
public enum Repository {
    /// The repository root.
    public static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// `Scans/`.
    public static var scans: URL { root.appendingPathComponent("Scans") }
    /// The real corpus of third-party pages (`Docs/Architecture.md`, "Real corpus"):
    /// `$LEGIBLE_REAL_CORPUS`, else the workplace's copy beside the repository; may be absent.
    public static var realCorpus: URL {
        if let path = ProcessInfo.processInfo.environment["LEGIBLE_REAL_CORPUS"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return root.deletingLastPathComponent().appendingPathComponent("shared/corpus/real")
    }
    /// Whether the real corpus is on this machine.
    public static var hasRealCorpus: Bool { FileManager.default.fileExists(atPath: realCorpus.path) }
    /// Whether the run says, with `LEGIBLE_REAL_CORPUS=none`, that this machine has no real
    /// corpus: only then may `LEGIBLE_REQUIRE_REAL_PARTS=1` run without it (`.ci/run` says so,
    /// in one printed line, on a machine without the workplace's copy).
    public static var realCorpusDeclaredAbsent: Bool { ProcessInfo.processInfo.environment["LEGIBLE_REAL_CORPUS"] == "none" }
    /// Why a test that reads the real corpus is skipped, printed by the test runner.
    public static let realCorpusAbsent: Comment =
        "no real corpus on this machine; set $LEGIBLE_REAL_CORPUS to its folder (Docs/Architecture.md, \"Real corpus\")"
    /// Stems of every page in `Scans/` that has ground truth, sorted.
    public static var scanStems: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: scans.path)) ?? []
        return names.filter { $0.hasSuffix(".gt.json") }.map { String($0.dropLast(".gt.json".count)) }.sorted()
    }
    /// The built `legible` executable of the current build configuration.
    public static var legibleExecutable: URL { builtExecutable("legible") }

    /// The built executable `name` of the current build configuration.
    public static func builtExecutable(_ name: String) -> URL {
        // Tests run from .build/<config>/…xctest; the executable sits in the same folder.
        let bundle = Bundle.main.bundleURL
        let candidates = [bundle.deletingLastPathComponent(), bundle, root.appendingPathComponent(".build/debug")]
        for folder in candidates {
            let url = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return root.appendingPathComponent(".build/debug/" + name)
    }
}

/// Builds page layouts by hand for pure-model tests: each paragraph is a list of line strings;
/// every character gets `characterWidth` pixels, lines are `lineHeight` tall and `lineGap`
/// apart, starting at `origin`. Right-to-left paragraphs are laid out from the right edge.
extension PageLayout {
    /// This layout with each line's and word's confidence (0…1) taken from `reference`'s line or
    /// word at the same place where the two differ by at most `tolerance`, so that
    /// `fresh.confidences(within: 1e-4, of: fixture) == fixture` compares a live reading with a
    /// committed one up to float noise: the handwriting reader's line confidence comes from ONNX
    /// Runtime, whose kernels follow the CPU's vector instructions, and its last bits differ
    /// between CPUs (`Docs/Architecture.md`, "Tests"). A confidence further off, or a line or
    /// word `reference` lacks, is left as it is, and the comparison fails on it.
    public func confidences(within tolerance: Double, of reference: PageLayout) -> PageLayout {
        func near(_ value: Double?, _ other: Double?) -> Double? {
            guard let value, let other, abs(value - other) <= tolerance else { return value }
            return other
        }
        var copy = self
        for (line, referenceLine) in zip(copy.lines.indices, reference.lines) {
            copy.lines[line].confidence = near(copy.lines[line].confidence, referenceLine.confidence)
            guard let words = copy.lines[line].words, let referenceWords = referenceLine.words else { continue }
            copy.lines[line].words = words.enumerated().map { index, word in
                var word = word
                if index < referenceWords.count { word.confidence = near(word.confidence, referenceWords[index].confidence) }
                return word
            }
        }
        return copy
    }

    /// This layout with each word's confidence (0…1) given by `confidence` from the word's text.
    public func withConfidences(_ confidence: (String) -> Double?) -> PageLayout {
        var copy = self
        let units = Array(text.utf16)
        for line in copy.lines.indices {
            guard let words = copy.lines[line].words else { continue }
            copy.lines[line].words = words.map { word in
                var word = word
                word.confidence = confidence(String(decoding: units[word.range.start..<word.range.end], as: UTF16.self))
                return word
            }
        }
        return copy
    }
}

public struct LayoutBuilder {
    public var characterWidth: Double = 20
    public var lineHeight: Double = 40
    public var lineGap: Double = 10
    public var origin = PixelPoint(x: 50, y: 50)
    public var pageWidth = 1000
    public var pageHeight = 1400
    /// Skew of every line in degrees (baseline slope); 0 for level lines.
    public var skewDegrees: Double = 0

    public init() {}

    public func layout(_ paragraphs: [[String]], rightToLeft: Set<Int> = []) -> PageLayout {
        var y = origin.y
        var recognised: [RecognisedParagraph] = []
        for (index, paragraph) in paragraphs.enumerated() {
            var lines: [RecognisedLine] = []
            for line in paragraph {
                let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
                var x = origin.x
                var boxes: [RecognisedWord] = []
                for word in words {
                    let width = Double(word.count) * characterWidth
                    let left = rightToLeft.contains(index) ? Double(pageWidth) - x - width : x
                    boxes.append(RecognisedWord(text: word, box: PixelBox(x: left, y: y, width: width, height: lineHeight)))
                    x += width + characterWidth
                }
                let box =
                    boxes.isEmpty
                    ? PixelBox(x: origin.x, y: y, width: 0, height: lineHeight)
                    : boxes.dropFirst().reduce(boxes[0].box) { $0.union($1.box) }
                let rise = tan(skewDegrees * .pi / 180) * box.width
                lines.append(
                    RecognisedLine(
                        words: boxes, box: box,
                        baseline: [PixelPoint(x: box.x, y: box.maxY - 8), PixelPoint(x: box.maxX, y: box.maxY - 8 + rise)]))
                y += lineHeight + lineGap
            }
            recognised.append(RecognisedParagraph(lines: lines))
            y += lineGap
        }
        return PageLayout.assemble(recognised, image: PageImage(width: pageWidth, height: pageHeight))
    }

    /// A layout whose text is exactly `text` on one line per paragraph (split on "\n"), with no
    /// word boxes: geometry comes from the line box only. Keeps every character, including
    /// double spaces, so fixtures like "alpha beta  gamma." survive.
    public func layout(exactText text: String) -> PageLayout {
        var lines: [Line] = []
        var paragraphs: [Paragraph] = []
        var offset = 0
        var y = origin.y
        for (index, paragraph) in text.components(separatedBy: "\n").enumerated() {
            if index > 0 { offset += 1 }
            let length = paragraph.utf16.count
            let width = max(1, Double(paragraph.count) * characterWidth)
            if length > 0 || text.isEmpty == false {
                lines.append(
                    Line(range: UTF16Span(offset, offset + length), box: PixelBox(x: origin.x, y: y, width: width, height: lineHeight)))
            }
            paragraphs.append(Paragraph(range: UTF16Span(offset, offset + length)))
            offset += length
            y += lineHeight + lineGap
        }
        if text.isEmpty { return PageLayout(image: PageImage(width: pageWidth, height: pageHeight), text: "", paragraphs: [], lines: []) }
        return PageLayout(image: PageImage(width: pageWidth, height: pageHeight), text: text, paragraphs: paragraphs, lines: lines)
    }
}

/// The reading text `Scans/<stem>.gt.json` records for its page, as typed.
public func groundTruthText(stem: String) throws -> String {
    struct Truth: Decodable { var text: String }
    let data = try Data(contentsOf: Repository.scans.appendingPathComponent("\(stem).gt.json"))
    return try JSONDecoder().decode(Truth.self, from: data).text
}

/// The page document `Scans/<stem>.gt.json` describes, as a layout: ground-truth lines and
/// words with their boxes, reading text built by the rules of `Docs/PageDocument.md`.
public func groundTruthLayout(stem: String) throws -> PageLayout {
    struct Truth: Decodable {
        struct Image: Decodable { var width: Int; var height: Int; var file: String }
        struct Word: Decodable { var text: String; var box: PixelBox }
        struct Line: Decodable { var box: PixelBox; var words: [Word]; var range: UTF16Span }
        var image: Image
        var paragraphs: [Paragraph]
        var lines: [Line]
    }
    let data = try Data(contentsOf: Repository.scans.appendingPathComponent("\(stem).gt.json"))
    let truth = try JSONDecoder().decode(Truth.self, from: data)
    let paragraphs = truth.paragraphs.map { paragraph in
        RecognisedParagraph(
            lines: truth.lines.filter { $0.range.start >= paragraph.range.start && $0.range.end <= paragraph.range.end }.map { line in
                RecognisedLine(words: line.words.map { RecognisedWord(text: $0.text, box: $0.box) }, box: line.box)
            })
    }
    return PageLayout.assemble(paragraphs, image: PageImage(file: truth.image.file, width: truth.image.width, height: truth.image.height))
}

extension PageLayout {
    /// The layout without what an ALTO or hOCR round trip cannot keep by design: provenance
    /// (engine, preprocessing, the dpi recognition used, which reader read each line) and line
    /// confidences.
    public var withoutProvenance: PageLayout {
        var copy = self
        copy.engine = nil
        copy.preprocessing = nil
        copy.image.dpi = nil
        copy.lines = copy.lines.map { line in
            var line = line
            line.confidence = nil
            line.reader = nil
            return line
        }
        return copy
    }
}
