import Foundation
import LegibleLayout
import LegibleNotebook
import LegiblePages
import LegibleTestSupport
import LegibleTextInput
import Testing

/// The read-all as speech pieces (`Docs/Speech.md`, "What is said"): one page's pieces are the
/// whole read-all's pieces for that page, and page turns are read from the utterances' kind.
@Suite("Notebook speech")
struct NotebookSpeechTests {
    /// The committed Chicago notebook and a hand-made page with a heading and two paragraphs.
    static func pages() throws -> [ScannedPage] {
        let chicago = try (1...3).map { number in
            try ScannedPage(documentData: Data(contentsOf: Repository.root.appendingPathComponent("Tests/Fixtures/chicago-\(number).json")))
        }
        let made = ScannedPage(layout: LayoutBuilder().layout([["Midday"], ["The river ran", "past the mill."], ["Evening came."]]))
        return chicago + [made]
    }

    @Test("each page's own pieces are what the whole read-all says on that page")
    func pageAlone() throws {
        let pages = try Self.pages()
        let whole = NotebookSpeech.pieces(of: pages)
        #expect(whole.count == pages.count)
        for index in pages.indices {
            let alone = NotebookSpeech.pieces(ofPage: index, in: pages)
            #expect(alone == whole[index], "page \(index + 1)")
            #expect(alone.contains { $0.range != nil }, "page \(index + 1) speaks none of its text")
        }
    }

    @Test("every page but the first starts with the turn to it, which reads no page text")
    func turns() throws {
        let whole = NotebookSpeech.pieces(of: try Self.pages())
        #expect(whole[0].first?.range != nil)
        for (index, pieces) in whole.enumerated().dropFirst() {
            #expect(pieces.first == SpeechPiece(text: "Page \(index + 1) of \(whole.count)", range: nil))
            #expect(pieces.dropFirst().allSatisfy { $0.range != nil })
        }
    }

    @Test("a piece's range holds its text on its page")
    func ranges() throws {
        let pages = try Self.pages()
        for (index, pieces) in NotebookSpeech.pieces(of: pages).enumerated() {
            for piece in pieces {
                guard let range = piece.range else { continue }
                let text = pages[index].text(in: TextRange(range.lowerBound, range.upperBound)) ?? ""
                // Speak Screen ends a heading with its full stop.
                #expect(piece.text == text || piece.text == text + ".", "page \(index + 1): \(piece.text)")
            }
        }
    }

    @Test(
        "audio names are the documents' names; two of one name are refused",
        arguments: [
            (["a/p1.json", "b/p2.json"], ["p1", "p2"]),
            (["p1.json"], ["p1"]),
            (["a/p1.json", "b/p1.json"], nil),
        ] as [([String], [String]?)])
    func names(paths: [String], expected: [String]?) {
        do {
            let names = try NotebookSpeech.audioNames(paths)
            #expect(names == expected)
        } catch {
            #expect(expected == nil)
            #expect(error.kind == .usage)
        }
    }
}
