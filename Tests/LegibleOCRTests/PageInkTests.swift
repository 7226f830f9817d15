import Foundation
import LegibleImage
import LegibleLayout
import LegibleTestSupport
import Testing

@testable import LegibleOCR

/// The page's ink for a second reader's words (`Docs/Recognition.md`, "Handwriting"): kept
/// from the first reading's steps, it is the ink `PageInk` makes by preparing the page again.
@Suite("the page's ink kept from the first reading")
struct PageInkTests {
    @Test(
        "kept with the default steps or every step, the ink is PageInk's, rulings removed; other steps keep none",
        arguments: ["chicago-1", "dkg-legal", "humor-plain"])
    func keptInk(_ stem: String) throws {
        let path = Repository.scans.appendingPathComponent("\(stem).png").path
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let (_, image) = try ImageFile.decoded(data, path: path)
        var preprocessor = Preprocessor(options: PreprocessingOptions())
        preprocessor.keepsPageInk = true
        let prepared = try preprocessor.run(image)
        let kept = try PageInk.mask(try #require(prepared.pageInk), rotationDegrees: prepared.rotationDegrees, path: path)
        #expect(kept == (try PageInk.mask(imageData: data, path: path)))
        var all = Preprocessor(options: .all)
        all.keepsPageInk = true
        let removing = try all.run(image)
        #expect(try PageInk.mask(try #require(removing.pageInk), rotationDegrees: removing.rotationDegrees, path: path) == kept)
        var unasked = preprocessor
        unasked.keepsPageInk = false
        #expect(try unasked.run(image).pageInk == nil)
        var other = Preprocessor(options: PreprocessingOptions(steps: [.deskew]))
        other.keepsPageInk = true
        #expect(try other.run(image).pageInk == nil)
    }
}
