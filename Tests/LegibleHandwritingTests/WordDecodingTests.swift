import Foundation
import LegibleEvaluation
import LegibleLayout
import LegibleTestSupport
import Testing

@testable import LegibleHandwriting

/// Decoding with the page language's words (`Docs/Recognition.md`, "Decoding with words"): the
/// word list's trie, the CTC beam search that follows it, and the alignment that places each
/// character on its time steps. Probability tables are built by hand so that each case has one
/// right answer.
@Suite("decoding with words")
struct WordDecodingTests {
    static let alphabet = ["", "a", "b", "d", "e", "h", "n", "o", "t", "'", "1", "2", ".", "T", " "]

    /// A table of `rows` time steps: each row gives the classes named with their probability,
    /// the rest of each row shared by the blank.
    static func table(_ rows: [[String: Float]]) -> [Float] {
        rows.flatMap { row in
            var values = [Float](repeating: 0.0001, count: alphabet.count)
            for (symbol, probability) in row { values[alphabet.firstIndex(of: symbol)!] = probability }
            values[0] = max(0.0001, 1 - values.dropFirst().reduce(0, +))
            return values
        }
    }

    static func text(_ characters: [CTCDecoding.Character]) -> String { characters.map(\.symbol).joined() }

    @Test("a word list holds its words lower-cased, not their prefixes, and none of an empty or spaced line")
    func trie() throws {
        let words = WordList(words: ["The", "then", "bond", "don't", "", "two words"])
        #expect(words.count == 4)
        for word in ["the", "THE", "Then", "bond", "don't"] { #expect(words.contains(word), "\(word)") }
        for word in ["th", "bon", "bonds", "two", "two words", ""] { #expect(!words.contains(word), "\(word)") }
    }

    @Test("a word is lowered as String.lowercased() lowers it, and refused for white space or a control, on every word of Debian's lists")
    func loweredAsStrings() throws {
        var words = [
            "École", "ÉTÉ", "Straße", "×", "µ", "ÿ", "ÀÞ", "Σίσυφος", "İstanbul", "ǅ", "a\u{A0}b", "a\u{85}b", "a\u{7F}", "tab\there",
            "a\u{2028}b", "e\u{301}", "",
        ]
        for path in WordList.debianPaths(forLanguages: "fra+eng") {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            words += text.split(separator: "\n").map(String.init)
        }
        let differing = words.filter { WordList.lowered($0) != WordList.loweredInGeneral($0) }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
        #expect(words.count > 400_000 || !FileManager.default.fileExists(atPath: "/usr/share/dict/french"), "\(words.count) words")
    }

    @Test("a word list file splits at every line break, CR LF and Unicode's included, as Character.isNewline does")
    func lineBreaks() throws {
        let file = try temporaryPath("breaks")
        try Data("bond\r\nthe\rcafé\u{2028}été\u{85}zèbre\u{0B}last".utf8).write(to: URL(fileURLWithPath: file))
        let list = try WordList.load(paths: [file])
        #expect(list.count == 6)
        for word in ["bond", "the", "café", "été", "zèbre", "last"] { #expect(list.contains(word), "\(word)") }
    }

    @Test("a writer's words are added to a list under the same rule, leaving the list they were added to as it was")
    func adding() {
        let list = WordList(words: ["the", "bond"])
        let taught = list.adding(["Ypres", "Salandra", "the", "two words", ""])
        #expect(taught.count == 4 && list.count == 2)
        for word in ["ypres", "Salandra", "the", "bond"] { #expect(taught.contains(word), "\(word)") }
        #expect(!taught.contains("two words") && !list.contains("ypres"))
    }

    @Test("a word list file is read, and one that is missing, not UTF-8, empty, blank or too large is refused naming it")
    func wordListFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good").path
        try Data("bond\nthe\n".utf8).write(to: URL(fileURLWithPath: good))
        #expect(try WordList.load(paths: [good]).contains("bond"))
        let cases: [(String, Data?, WordList.LoadFailure)] = [
            ("missing", nil, .unreadable(folder.appendingPathComponent("missing").path)),
            ("latin1", Data([0x63, 0x61, 0x66, 0xE9, 0x0A]), .notWords(folder.appendingPathComponent("latin1").path)),
            ("empty", Data(), .notWords(folder.appendingPathComponent("empty").path)),
            ("blank", Data("\n \n\t\r\n".utf8), .notWords(folder.appendingPathComponent("blank").path)),
            ("large", Data(count: WordList.maximumBytes + 1), .notWords(folder.appendingPathComponent("large").path)),
        ]
        for (name, data, failure) in cases {
            let path = folder.appendingPathComponent(name).path
            if let data { try data.write(to: URL(fileURLWithPath: path)) }
            #expect(throws: failure) { try WordList.load(paths: [good, path]) }
            #expect(throws: failure) { try WordList.read(paths: [good, path]) }
        }
        // Read and checked first, made into a trie later: the same words.
        #expect(WordList(try WordList.read(paths: [good])).contains("the"))
    }

    @Test("with no word list the beam search reads what greedy decoding reads on a clear table")
    func clearTable() {
        let values = Self.table([["t": 0.9], ["t": 0.6], [:], ["h": 0.8], ["e": 0.9], [:]])
        let vocabulary = CTCDecoding.Vocabulary(alphabet: Self.alphabet, words: nil)
        let beam = CTCDecoding.beamSearch(values, steps: 6, vocabulary: vocabulary)
        #expect(Self.text(beam) == "the")
        #expect(Self.text(beam) == Self.text(CTCDecoding.greedy(values, steps: 6, alphabet: Self.alphabet)))
        #expect(beam.map(\.steps) == [0...1, 3...3, 4...4])
    }

    @Test("a word in the list wins over a likelier letter that makes no word, and loses to a sure one")
    func wordsWin() {
        // "bond" against "bcnd"-like noise: 'o' slightly less likely than 'a' at step 2.
        let unsure = Self.table([["b": 0.9], [:], ["a": 0.45, "o": 0.4], [:], ["n": 0.9], ["d": 0.9]])
        let sure = Self.table([["b": 0.9], [:], ["a": 0.98, "o": 0.01], [:], ["n": 0.9], ["d": 0.9]])
        let vocabulary = CTCDecoding.Vocabulary(alphabet: Self.alphabet, words: WordList(words: ["bond"]))
        let settings = CTCDecoding.BeamSettings(width: 8, unknownWord: -3)
        #expect(Self.text(CTCDecoding.greedy(unsure, steps: 6, alphabet: Self.alphabet)) == "band")
        #expect(Self.text(CTCDecoding.beamSearch(unsure, steps: 6, vocabulary: vocabulary, settings: settings)) == "bond")
        #expect(Self.text(CTCDecoding.beamSearch(sure, steps: 6, vocabulary: vocabulary, settings: settings)) == "band")
    }

    @Test("case, punctuation and apostrophes are read without paying for a word; a clear number is read")
    func notWords() {
        let vocabulary = CTCDecoding.Vocabulary(alphabet: Self.alphabet, words: WordList(words: ["the", "don't"]))
        let rows: [[String: Float]] = [
            ["T": 0.9], ["h": 0.9], ["e": 0.9], [".": 0.9], [" ": 0.9], ["1": 0.999], [:], ["2": 0.999], [" ": 0.9],
            ["d": 0.9], ["o": 0.9], ["n": 0.9], ["'": 0.9], ["t": 0.9],
        ]
        let read = CTCDecoding.beamSearch(Self.table(rows), steps: rows.count, vocabulary: vocabulary)
        #expect(Self.text(read) == "The. 12 don't")
    }

    @Test("noise is not read as digits or signs for free: an unsure number or sign pays as an unknown word")
    func unsureNumbers() {
        let vocabulary = CTCDecoding.Vocabulary(alphabet: Self.alphabet, words: WordList(words: ["the"]))
        let rows: [[String: Float]] = [["t": 0.9], ["h": 0.9], ["e": 0.9], [:], ["1": 0.7], ["2": 0.7], [".": 0.6]]
        let read = CTCDecoding.beamSearch(Self.table(rows), steps: rows.count, vocabulary: vocabulary)
        #expect(Self.text(read) == "the.")
        #expect(Self.text(CTCDecoding.greedy(Self.table(rows), steps: rows.count, alphabet: Self.alphabet)) == "the12.")
    }

    @Test("two equal letters need a blank between them, and each keeps its own steps and confidence")
    func doubleLetters() {
        let values = Self.table([["t": 0.9], [:], ["o": 0.8], [:], ["o": 0.7], ["o": 0.5], [:]])
        let vocabulary = CTCDecoding.Vocabulary(alphabet: Self.alphabet, words: WordList(words: ["too", "to"]))
        let read = CTCDecoding.beamSearch(values, steps: 7, vocabulary: vocabulary)
        #expect(Self.text(read) == "too")
        #expect(read.map(\.steps) == [0...0, 2...2, 4...5])
        #expect(abs(read[2].confidence - 0.6) < 0.001)
    }

    @Test("the beam search stays on the allowed classes and reads nothing from an empty or short table")
    func edges() {
        let vocabulary = CTCDecoding.Vocabulary(alphabet: Self.alphabet, words: WordList(words: ["the"]))
        let values = Self.table([["T": 0.9], ["h": 0.9], ["e": 0.9]])
        var allowed = [Bool](repeating: true, count: Self.alphabet.count)
        allowed[Self.alphabet.firstIndex(of: "T")!] = false
        #expect(Self.text(CTCDecoding.beamSearch(values, steps: 3, vocabulary: vocabulary, allowed: allowed)).first != "T")
        #expect(CTCDecoding.beamSearch([], steps: 0, vocabulary: vocabulary).isEmpty)
        #expect(CTCDecoding.beamSearch(Array(values.prefix(5)), steps: 3, vocabulary: vocabulary).isEmpty)
    }

    @Test("a confidence table counts a read word right when the truth's words pair it in order")
    func confidenceTable() {
        var table = ConfidenceTable(bounds: [0.5])
        table.add(read: [("the", 0.9), ("bond", 0.95), ("uhar", 0.3), ("has", 0.6)], truth: ["the", "bond", "that", "has"])
        table.add(read: [("has", 0.2), ("the", 0.8)], truth: ["the", "has"])
        #expect(table.levels.map(\.words) == [2, 4])
        #expect(table.levels.map(\.right) == [0, 4 - 0])
        #expect(table.levels[1].accuracy == 1)
        #expect(abs((table.levels[0].meanConfidence ?? 0) - 0.25) < 1e-9)
    }
}

/// Calibrated word confidences (`Docs/Recognition.md`, "Confidence").
@Suite("calibrated word confidence")
struct WordConfidenceTests {
    @Test("each map rises with the characters' mean, stays in 0…1 for any input, and a listed word is surer than an unlisted one")
    func shape() {
        let means = stride(from: 0.0, through: 1.0, by: 0.01).map { $0 }
        for (listed, hand) in [(true, false), (false, false), (true, true), (false, true)] {
            let mapped = means.map { WordConfidence.calibrated($0, listed: listed, frenchHand: hand) }
            #expect(zip(mapped, mapped.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(mapped.allSatisfy { (0...1).contains($0) })
        }
        for hand in [false, true] {
            #expect(
                means.allSatisfy {
                    WordConfidence.calibrated($0, listed: true, frenchHand: hand)
                        > WordConfidence.calibrated($0, listed: false, frenchHand: hand)
                })
        }
        // Either layer's surest listed words were right 86 % of the time or more, and its
        // least sure words almost never.
        for hand in [false, true] {
            #expect(WordConfidence.calibrated(1, listed: true, frenchHand: hand) >= 0.86)
            #expect(WordConfidence.calibrated(0, listed: false, frenchHand: hand) <= 0.05)
        }
        for odd in [-1, 2, Double.nan, .infinity, -.infinity] {
            #expect((0...1).contains(WordConfidence.calibrated(odd, listed: true)), "\(odd)")
            #expect((0...1).contains(WordConfidence.calibrated(odd, listed: false, frenchHand: true)), "\(odd)")
        }
    }

    @Test("a word is looked up without the punctuation around it")
    func core() {
        #expect(WordConfidence.core("\u{201C}don't,\u{201D}") == "don't")
        #expect(WordConfidence.core("(1905).") == "1905")
        #expect(WordConfidence.core("...").isEmpty)
    }
}

/// The part of a line the handwriting reader reads (`Docs/Recognition.md`, "Handwriting").
@Suite("the part of a line that is read")
struct ReadBoxTests {
    @Test("a line is read over its full width and its height less 15 % at the top and at the bottom")
    func trimmed() {
        let box = HandwritingLineReader.readBox(PixelBox(x: 10, y: 100, width: 500, height: 200))
        #expect(box == PixelBox(x: 10, y: 130, width: 500, height: 140))
    }
}
