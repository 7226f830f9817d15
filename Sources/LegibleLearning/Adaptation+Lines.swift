import Foundation
import LegibleHandwriting
import LegibleImage
import LegibleLayout
import LegibleNotebook
import LegibleOCR
import LegiblePages
import LegibleSystem

extension Adaptation {
    /// One line a person corrected, cut from its scan: what is learnt from.
    struct TrainingLine {
        /// The line's text, as corrected, in Unicode's composed form.
        var text: String
        /// The line's crop in grey, `width × height`, row-major.
        var width: Int
        var height: Int
        var pixels: [UInt8]
    }

    /// What the documents give to learn from: the corrected lines, the lines left out for
    /// characters the start model cannot spell (with those characters), and each source page.
    struct Collected {
        var lines: [TrainingLine] = []
        var skipped = 0
        var unknownCharacters: Set<String> = []
        var sources: [Record.Source] = []
        /// The words of every corrected line, left-out lines too.
        var words: Set<String> = []
        /// The corrected lines as the handwriting reader's head learns them, and how many it
        /// left out (characters outside the page script's classes).
        var headLines: [HeadSource.Line] = []
        var headSkipped = 0
        /// The languages each page learnt from was read in (its engine's), nil where none is
        /// recorded.
        var languages: [String?] = []
    }

    /// The lines of the documents at `paths` that a person corrected or aligned, each cut from
    /// its scan (looked for beside its document and in `scans`, and proved by its SHA-256), and
    /// kept when `characters` spell its text. A page with no such line is passed over.
    static func collect(
        _ paths: [String], scans: [String], characters: Set<String>, hand: HeadSource, until end: Date = .distantFuture
    ) throws -> Collected {
        var collected = Collected()
        for path in paths {
            // Past `--minutes`, the pages left are not read once there are lines enough.
            if Date() >= end, collected.lines.count >= fewestLines { break }
            let layout = try PageDocuments.load(path).layout
            let corrected = correctedLines(layout)
            guard !corrected.isEmpty else { continue }
            // Found by the one rule every command follows; the bytes cut are the bytes proved.
            let found = try VerifiedScan.findWithBytes(for: layout, documentPath: path, searching: scans)
            let page = try ImageFile.greyImage(data: found.bytes, path: found.scan.path)
            try hand.collect(corrected, page: page, boxes: layout.lines.map(\.box), into: &collected)
            for (text, box) in corrected {
                collected.words.formUnion(writtenWords(text))
                let unknown = Set(text.map(String.init)).subtracting(characters).subtracting([" "])
                guard unknown.isEmpty else {
                    collected.skipped += 1
                    collected.unknownCharacters.formUnion(unknown)
                    continue
                }
                collected.lines.append(crop(page, box, text: text))
            }
            collected.languages.append(layout.engine?.languages)
            collected.sources.append(
                Record.Source(document: (path as NSString).lastPathComponent, scanSHA256: found.scan.sha256, lines: corrected.count))
        }
        return collected
    }

    /// The words of `text`: each run between spaces, cut to its letters, digits and
    /// apostrophes (``WordConfidence/core(_:)``), when it holds a letter.
    static func writtenWords(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map { String(WordConfidence.core(String($0))) }.filter { $0.contains(where: \.isLetter) }
    }

    /// The text and box of each line holding a word a person wrote or corrected (`edit`,
    /// `align`, `view --edit`, the browser's corrections): the line was read by a person.
    static func correctedLines(_ layout: PageLayout) -> [(text: String, box: PixelBox)] {
        let units = Array(layout.text.utf16)
        return layout.lines.compactMap { line in
            guard line.words?.contains(where: { $0.corrected == true }) == true,
                line.range.start >= 0, line.range.end <= units.count, line.range.start < line.range.end
            else { return nil }
            let text = String(decoding: units[line.range.start..<line.range.end], as: UTF16.self)
                .trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
            return text.isEmpty ? nil : (text, line.box)
        }
    }

    /// The line at `box` (image pixels) cut from `page` with the margin the adapted reader
    /// reads it with (``AdaptedLineReader/readBox(_:width:height:)``).
    static func crop(_ page: GreyImage, _ box: PixelBox, text: String) -> TrainingLine {
        let read = AdaptedLineReader.readBox(box, width: page.width, height: page.height).wholePixels
        let (left, top) = (max(0, Int(read.x)), max(0, Int(read.y)))
        let right = min(page.width, max(left + 1, Int(read.x + read.width)))
        let bottom = min(page.height, max(top + 1, Int(read.y + read.height)))
        var pixels: [UInt8] = []
        pixels.reserveCapacity((right - left) * (bottom - top))
        for row in top..<bottom { pixels += page.pixels[(row * page.width + left)..<(row * page.width + right)] }
        return TrainingLine(text: text, width: right - left, height: bottom - top, pixels: pixels)
    }
}
