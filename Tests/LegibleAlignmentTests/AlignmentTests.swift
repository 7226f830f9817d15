import Foundation
import LegibleAlignment
import LegibleLayout
import LegiblePages
import LegibleTestSupport
import Testing

/// Typed transcriptions aligned onto recognised pages (`Docs/Editing.md`, "Aligning a
/// transcription"), on the Chicago notebook as Legible read it, against its generator's truth.
@Suite("Aligning a transcription")
struct AlignmentTests {
    /// The committed recognition of chicago-N and its ground truth (text and word boxes).
    static func page(_ number: Int) throws -> (layout: PageLayout, truth: Truth) {
        let layout = try PageLayout.decodeDocument(
            try Data(contentsOf: Repository.root.appendingPathComponent("Tests/Fixtures/chicago-\(number).json")))
        let truth = try JSONDecoder().decode(
            Truth.self, from: try Data(contentsOf: Repository.scans.appendingPathComponent("chicago-\(number).gt.json")))
        return (layout, truth)
    }

    struct Truth: Decodable {
        var text: String
        var lines: [TruthLine]
        struct TruthLine: Decodable {
            var text: String
            var words: [TruthWord]
        }
        struct TruthWord: Decodable {
            var text: String
            var box: PixelBox
        }
    }

    static func iou(_ a: PixelBox, _ b: PixelBox) -> Double {
        guard let overlap = a.intersection(b) else { return 0 }
        return overlap.area / (a.area + b.area - overlap.area)
    }

    static func words(_ text: String) -> [Substring] { text.split(whereSeparator: \.isWhitespace) }

    @Test(
        "the truth aligned onto Legible's reading: the page reads as the truth, and its words lie on the true words' ink", arguments: 1...3)
    func truthOntoRecognition(number: Int) throws {
        let (layout, truth) = try Self.page(number)
        let alignment = try TranscriptAlignment(transcript: truth.text, page: layout)
        let corrected = try alignment.applied(to: layout)
        #expect(Self.words(corrected.text) == Self.words(truth.text))
        #expect(alignment.unplaced.isEmpty && alignment.lines.allSatisfy { $0.text != nil })
        let trueWords = truth.lines.flatMap(\.words)
        let placed = corrected.lines.flatMap { $0.words ?? [] }
        var matched = 0
        for word in placed {
            let text = String(decoding: Array(corrected.text.utf16)[word.range.range], as: UTF16.self)
            if trueWords.contains(where: { $0.text == text && Self.iou($0.box, word.box) >= 0.5 }) { matched += 1 }
        }
        let share = Double(matched) / Double(max(placed.count, 1))
        print(
            String(
                format: "chicago-%d: %d of %d aligned words on their true box (IoU ≥ 0.5): %.1f %%; page score %.3f", number, matched,
                placed.count, share * 100, alignment.score))
        #expect(share >= 0.95)
    }

    @Test("another case and other punctuation, a missing line, an extra line, flowing text: each line still takes its own words")
    func variants() throws {
        let (layout, truth) = try Self.page(2)
        let lines = truth.lines.map(\.text)
        // Lower case with the punctuation changed, one line per scan line.
        let loose = lines.map { $0.lowercased().replacingOccurrences(of: ",", with: ";").replacingOccurrences(of: ".", with: "!") }
        let lowered = try TranscriptAlignment(transcript: loose.joined(separator: "\n"), page: layout)
        #expect(lowered.lines.map(\.text) == loose.map(Optional.some))
        // The third line missing, and a line that is not on the page at the top.
        var missing = lines
        missing.remove(at: 2)
        let gapped = try TranscriptAlignment(transcript: (["Typed by a volunteer in 2026"] + missing).joined(separator: "\n"), page: layout)
        #expect(gapped.unplaced == ["Typed by a volunteer in 2026"])
        #expect(gapped.lines[0].text == lines[0] && gapped.lines[3].text == lines[3])
        #expect(gapped.lines[2].text == nil || (gapped.lines[2].text ?? "").isEmpty || gapped.lines[2].score < 0.5)
        // Flowing text: one paragraph, no line breaks.
        let flowing = try TranscriptAlignment(transcript: lines.joined(separator: " "), page: layout)
        #expect(flowing.lines.map(\.text) == lines.map(Optional.some))
    }

    @Test("a transcription of another page, or with no letters, is refused rather than scrambling the page")
    func refusals() throws {
        let (layout, _) = try Self.page(1)
        let (_, other) = try Self.page(3)
        #expect(throws: TranscriptAlignment.Failure.self) { try TranscriptAlignment(transcript: other.text, page: layout) }
        do {
            _ = try TranscriptAlignment(transcript: other.text, page: layout)
        } catch {
            if case .noMatch(let score, let chance) = error {
                print(String(format: "chicago-3's transcription on chicago-1: score %.3f, chance %.3f", score, chance))
                #expect(score - chance < TranscriptAlignment.marginOverChance)
            }
        }
        #expect(throws: TranscriptAlignment.Failure.empty) { try TranscriptAlignment(transcript: " \n ,.;", page: layout) }
    }

    /// The truth's lines as a transcription that says where it is written, as ALTO or PAGE XML
    /// do: each word with its box, or (`wordBoxes` false) each line with its words' bounds.
    static func typedLines(_ truth: Truth, wordBoxes: Bool = true) -> [TypedLine] {
        truth.lines.map { line in
            let bounds = line.words.dropFirst().reduce(line.words[0].box) { $0.union($1.box) }
            let words = wordBoxes ? line.words.map { TypedLine.Word(text: $0.text, box: $0.box) } : []
            return TypedLine(text: line.text, box: bounds, words: words)
        }
    }

    @Test(
        "a transcription that says where it is written, by words or by lines: the page reads as the truth",
        arguments: [(1, true), (2, true), (3, true), (2, false)])
    func truthByGeometry(number: Int, wordBoxes: Bool) throws {
        let (layout, truth) = try Self.page(number)
        let alignment = try TranscriptAlignment(typedLines: Self.typedLines(truth, wordBoxes: wordBoxes), page: layout)
        let corrected = try alignment.applied(to: layout)
        #expect(Self.words(corrected.text) == Self.words(truth.text))
        #expect(alignment.unplaced.isEmpty)
        let lines = corrected.lines.map { String(decoding: Array(corrected.text.utf16)[$0.range.range], as: UTF16.self) }
        #expect(lines.map { Self.words($0) } == truth.lines.map { Self.words($0.text) }, "each truth line on its own scan line")
    }

    @Test("another page's transcription that says where it is written is refused by its lines, not placed on this page's")
    func refusedByGeometry() throws {
        let (layout, _) = try Self.page(1)
        let (_, other) = try Self.page(3)
        do {
            _ = try TranscriptAlignment(typedLines: Self.typedLines(other), page: layout)
            Issue.record("chicago-3's transcription was placed on chicago-1")
        } catch {
            guard case .notWrittenHere(let margin) = error else {
                Issue.record("refused for another reason: \(error)")
                return
            }
            print("chicago-3's lines on chicago-1: median margin \(margin.map { String(format: "%.3f", $0) } ?? "none")")
            #expect((margin ?? 0) < TranscriptAlignment.minimumMarginOverOtherLines)
        }
        let nowhere = [TypedLine(text: "far away", box: PixelBox(x: 0, y: 0, width: 3, height: 3))]
        #expect(throws: TranscriptAlignment.Failure.notWrittenHere(margin: nil)) {
            try TranscriptAlignment(typedLines: nowhere, page: layout)
        }
    }

    @Test("lines a misread hyphen joined with a soft hyphen each take their own transcribed line, in order, parted again")
    func joinedLines() throws {
        func line(_ texts: [String], y: Double) -> RecognisedLine {
            let words = texts.enumerated().map { index, text in
                RecognisedWord(text: text, box: PixelBox(x: 10 + Double(index) * 80, y: y, width: 70, height: 30), confidence: 0.5)
            }
            return RecognisedLine(words: words, box: PixelBox(x: 10, y: y, width: Double(texts.count) * 80, height: 30))
        }
        // The reader took a dash after "Paris" for a hyphen and the next line's first letter for
        // a lower-case one: the two lines touch, "Paris\u{AD}" running into "ci".
        let read = PageLayout.assemble(
            [
                RecognisedParagraph(lines: [
                    line(["diner", "a", "Paris-"], y: 10), line(["ci", "Alerte", "la"], y: 50), line(["apres", "midi"], y: 90),
                ])
            ], image: PageImage(file: "p.png", width: 300, height: 140))
        #expect(read.lines[0].range.end == read.lines[1].range.start)
        // An edit elsewhere leaves the split word as it was read: one soft hyphen.
        let elsewhere = try read.applying(PageEdit(range: read.lines[2].range, text: "après midi"))
        #expect(elsewhere.text.unicodeScalars.count { $0 == "\u{AD}" } == 1, "\(elsewhere.text.debugDescription)")
        let transcript = ["diner à Paris -", "Lundi 27 Albert", "après midi"]
        let alignment = try TranscriptAlignment(transcript: transcript.joined(separator: "\n"), page: read)
        let corrected = try alignment.applied(to: read)
        let lines = corrected.lines.map { corrected.text(of: $0.range).replacingOccurrences(of: "\u{AD}", with: "") }
        #expect(lines == transcript, "\(lines)")
        #expect(corrected.text == transcript.joined(separator: " "), "\(corrected.text.debugDescription)")
        #expect(zip(corrected.lines, corrected.lines.dropFirst()).allSatisfy { $0.range.end <= $1.range.start })
    }
}
