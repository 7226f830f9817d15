import Foundation
import LegibleLayout

extension NotebookPDF {
    /// The structure tree (`Docs/PDF.md`, "Structure"): a `Document` holding every page's
    /// headings and paragraphs in reading order, each pointing at its marked content; the parent
    /// tree maps each page's marked content back to its element. Returns the root's number.
    func addStructure(_ elements: [Element], pages: [Int], to objects: inout PDFObjects) -> Int {
        let root = objects.reserve()
        let document = objects.reserve()
        var numbers: [Int] = []
        var parents = Array(repeating: [Int](), count: pages.count)
        for element in elements {
            let number = objects.reserve()
            let language = element.language == documentLanguage ? "" : " /Lang \(PDFText.asciiString(element.language))"
            // One content item is written bare, as most writers do; `pdfua` 0.1.3 cannot read a
            // heading whose only kid sits in an array (Docs/PDF.md, "Checkers").
            let kids = element.mcids.count == 1 ? "\(element.mcids[0])" : "[\(element.mcids.map(String.init).joined(separator: " "))]"
            objects.set(
                number,
                "<< /Type /StructElem /S /\(element.type) /P \(document) 0 R /Pg \(pages[element.page]) 0 R /K \(kids)\(language)"
                    + "\(Self.correctedProperties(element.corrected)) >>")
            numbers.append(number)
            parents[element.page] += element.mcids.map { _ in number }
        }
        let kids = numbers.map { "\($0) 0 R" }.joined(separator: " ")
        objects.set(document, "<< /Type /StructElem /S /Document /P \(root) 0 R /K [\(kids)] >>")
        let nums = parents.enumerated().map { page, list in "\(page) [\(list.map { "\($0) 0 R" }.joined(separator: " "))]" }
        let parentTree = objects.add("<< /Nums [\(nums.joined(separator: " "))] >>")
        objects.set(
            root, "<< /Type /StructTreeRoot /K [\(document) 0 R] /ParentTree \(parentTree) 0 R /ParentTreeNextKey \(pages.count) >>")
        return root
    }

    /// The words of an element a person corrected, as PDF's user properties (ISO 32000-1,
    /// 14.8.5.8): one `corrected` property per word, its value the word (`Docs/PDF.md`,
    /// "Corrected words"). Empty for an element with none.
    static func correctedProperties(_ words: [String]) -> String {
        guard !words.isEmpty else { return "" }
        let properties = words.map { "<< /N (corrected) /V \(PDFText.plainTextString($0)) >>" }.joined(separator: " ")
        return " /A << /O /UserProperties /P [\(properties)] >>"
    }

    /// A bookmark for every heading, in reading order, opening its page at the heading; `nil`
    /// when the notebook has no heading.
    func addOutlines(_ elements: [Element], pages: [Int], to objects: inout PDFObjects) -> Int? {
        let headings = elements.filter { $0.type == "H1" }
        guard !headings.isEmpty else { return nil }
        let root = objects.reserve()
        let items = headings.map { _ in objects.reserve() }
        for (index, heading) in headings.enumerated() {
            var entries = "/Title \(PDFText.textString(heading.text)) /Parent \(root) 0 R"
            entries += " /Dest [\(pages[heading.page]) 0 R /XYZ 0 \(PDFText.number(heading.top)) 0]"
            if index > 0 { entries += " /Prev \(items[index - 1]) 0 R" }
            if index + 1 < items.count { entries += " /Next \(items[index + 1]) 0 R" }
            objects.set(items[index], "<< \(entries) >>")
        }
        objects.set(root, "<< /Type /Outlines /First \(items[0]) 0 R /Last \(items[items.count - 1]) 0 R /Count \(items.count) >>")
        return root
    }

    /// The XMP metadata: the title, the language, the producer and PDF/UA part 1.
    func xmp() -> String {
        let title = escapeXML(String(title.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init)))
        return """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
            <dc:title><rdf:Alt><rdf:li xml:lang="x-default">\(title)</rdf:li></rdf:Alt></dc:title>
            <dc:language><rdf:Bag><rdf:li>\(escapeXML(documentLanguage))</rdf:li></rdf:Bag></dc:language>
            <dc:format>application/pdf</dc:format>
            <pdf:Producer>legible</pdf:Producer>
            <xmp:CreatorTool>legible</xmp:CreatorTool>
            <pdfuaid:part>1</pdfuaid:part>
            </rdf:Description>
            </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>
            """
    }
}
