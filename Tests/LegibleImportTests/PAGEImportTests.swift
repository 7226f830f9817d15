import Foundation
import LegibleImport
import LegibleLayout
import Testing

/// PAGE XML, as Transkribus and eScriptorium export it (`Docs/Import.md`, "PAGE XML").
@Suite("PAGE XML import")
struct PAGEImportTests {
    /// Two regions: one line with words (2013 `points`), one line with its text only and a 2010
    /// `Point` polygon.
    static let page = """
        <?xml version="1.0" encoding="UTF-8"?>
        <PcGts xmlns="http://schema.primaresearch.org/PAGE/gts/pagecontent/2013-07-15">
          <Metadata><Creator>Transkribus</Creator></Metadata>
          <Page imageFilename="p.png" imageWidth="800" imageHeight="600">
            <TextRegion id="r1"><Coords points="10,10 700,10 700,80 10,80"/>
              <TextLine id="l1"><Coords points="20,20 400,20 400,70 20,70"/><Baseline points="20,60 400,58"/>
                <Word id="w1"><Coords points="20,20 180,20 180,70 20,70"/><TextEquiv><Unicode>Morning</Unicode></TextEquiv></Word>
                <Word id="w2"><Coords points="200,25 400,25 400,70 200,70"/><TextEquiv><Unicode>walk,</Unicode></TextEquiv></Word>
                <TextEquiv><Unicode>Morning walk,</Unicode></TextEquiv>
              </TextLine>
            </TextRegion>
            <TextRegion id="r2">
              <TextLine id="l2"><Coords><Point x="30" y="200"/><Point x="500" y="200"/><Point x="500" y="260"/><Point x="30" y="260"/></Coords>
                <TextEquiv><Unicode>then   the zoo</Unicode></TextEquiv>
              </TextLine>
            </TextRegion>
          </Page>
        </PcGts>
        """

    @Test("regions become paragraphs, lines take their polygons' bounds and baselines, words their boxes and text")
    func imports() throws {
        let layout = try LayoutImporter.importLayout(
            Data(Self.page.utf8), file: "p.xml", image: PageImage(file: "p.png", width: 800, height: 600))
        #expect(layout.text == "Morning walk,\nthen the zoo")
        #expect(layout.paragraphs.count == 2 && layout.lines.count == 2)
        #expect(layout.lines[0].box == PixelBox(left: 20, top: 20, right: 400, bottom: 70))
        #expect(
            layout.lines[0].words?.map(\.box) == [
                PixelBox(left: 20, top: 20, right: 180, bottom: 70), PixelBox(left: 200, top: 25, right: 400, bottom: 70),
            ])
        #expect(layout.lines[0].baseline?.count == 2 && layout.lines[1].box == PixelBox(left: 30, top: 200, right: 500, bottom: 260))
        let lines = try LayoutImporter.transcribedLines(Data(Self.page.utf8), file: "p.xml")
        #expect(lines.map(\.text) == ["Morning walk,", "then the zoo"])
    }

    @Test("a PAGE file in another namespace, with an odd point list, or for another page size is refused with its place")
    func refusals() throws {
        let image = PageImage(width: 800, height: 600)
        let foreign = Self.page.replacingOccurrences(
            of: "http://schema.primaresearch.org/PAGE/gts/pagecontent/2013-07-15", with: "urn:other")
        let odd = Self.page.replacingOccurrences(of: "points=\"20,20 400,20 400,70 20,70\"", with: "points=\"20,20 400\"")
        let size = Self.page.replacingOccurrences(of: "imageWidth=\"800\"", with: "imageWidth=\"900\"")
        for (text, words) in [(foreign, "not a PAGE XML namespace"), (odd, "odd count"), (size, "900×600")] {
            #expect {
                try LayoutImporter.importLayout(Data(text.utf8), file: "p.xml", image: image)
            } throws: { error in
                "\(error)".contains(words)
            }
        }
    }
}
