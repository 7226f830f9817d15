import LegibleHandwriting
import LegibleOCR
import LegibleRecognition
import Testing

/// The options digest names the second reader as its module does: its code version and the
/// pinned SHA-256s of the model files it loads (`Docs/CLI.md`, "Up to date"). Swapping a file in
/// `Models/MANIFEST.tsv` re-reads the pages it read, and no number is bumped by hand for it. No
/// model is loaded here.
@Suite("the second reader in the options digest")
struct ReaderFilesTests {
    static func options(_ languages: String, _ reader: LineChoice?) throws -> OCROptions {
        try PageReaders.options(languages: languages, timeout: nil, reader: reader, executable: "/nonexistent/legible")
    }

    @Test("the handwriting reader names its code version and files, the French hand head only where it reads; Tesseract alone names none")
    func files() throws {
        let pinned = HandwritingModel.Files.loaded(layer: .frenchHand)
        #expect(pinned.count == 5 && pinned.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
        let french = try Self.options("fra", nil)
        #expect(french.secondReader == [String(HandwritingModel.codeVersion)] + pinned)
        let english = try Self.options("eng", .auto)
        #expect(english.secondReader == HandwritingModel.Files.identity(layer: .own))
        #expect(english.secondReader.count == 5 && Set(pinned).subtracting(english.secondReader).count == 1)
        #expect(try Self.options("fra", .tesseract).secondReader.isEmpty)
    }

    @Test("the hand head reads pages in French alone, and only with the handwriting reader and no writer's head")
    func languages() {
        let cases = [
            ("fra", true), ("fra+fra", true), ("eng", false), ("eng+fra", false), ("deu", false), ("fra+deu", false), ("fra+", false),
            ("", false),
        ]
        for (languages, reads) in cases {
            var options = OCROptions()
            options.languages = languages
            options.lineChoice = .auto
            #expect((PageReaders.lastLayer(options, network: false) == .frenchHand) == reads, "\(languages)")
            #expect(HandwritingModel.handHeadReads(languages) == reads, "\(languages)")
            options.lineChoice = .tesseract
            #expect(PageReaders.lastLayer(options, network: false) == .own, "\(languages)")
        }
        #expect(!HandwritingModel.handHeadReads(nil))
    }

    @Test("another file's SHA-256 is another digest, and a code version too; with Tesseract alone the files do not count")
    func digest() throws {
        var french = try Self.options("fra", .auto)
        let before = french.digest
        french.secondReader[french.secondReader.count - 1] = String(repeating: "0", count: 64)
        #expect(french.digest != before)
        #expect(try Self.options("fra", .auto).digest == before)
        var older = try Self.options("fra", .auto)
        older.secondReader[0] = String(HandwritingModel.codeVersion - 1)
        #expect(older.digest != before)
        var tesseract = try Self.options("fra", .tesseract)
        let alone = tesseract.digest
        tesseract.secondReader = ["x"]
        #expect(tesseract.digest == alone)
        #expect(try Self.options("fra", .auto).digest != (try Self.options("eng", .auto).digest))
    }
}
