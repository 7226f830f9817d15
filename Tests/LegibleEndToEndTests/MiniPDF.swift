import Foundation

/// Small PDFs written object by object, with a correct cross-reference table, for the bad-input
/// tests of the PDF reader (`Docs/Hardening.md`, "Classes closed").
enum MiniPDF {
    /// A PDF whose objects are `objects` (object 1 first, each body without `obj`/`endobj`),
    /// with `/Root 1 0 R`; `streams` gives raw stream data for object numbers that have it.
    static func file(_ objects: [String], streams: [Int: Data] = [:]) -> Data {
        var data = Data("%PDF-1.7\n%\u{E2}\u{E3}\n".utf8)
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(data.count)
            data += Data("\(index + 1) 0 obj\n\(body)\n".utf8)
            if let stream = streams[index + 1] { data += Data("stream\n".utf8) + stream + Data("\nendstream\n".utf8) }
            data += Data("endobj\n".utf8)
        }
        let table = data.count
        data += Data("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets { data += Data(String(format: "%010d 00000 n \n", offset).utf8) }
        data += Data("trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n".utf8)
        return data
    }

    /// A catalog, a page tree and `count` pages of `box` sharing one empty content stream.
    static func pages(_ count: Int, box: String = "[0 0 612 792]") -> Data {
        let kids = (0..<count).map { "\($0 + 4) 0 R" }.joined(separator: " ")
        let objects =
            ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [\(kids)] /Count \(count) >>", "<< /Length 0 >>"]
            + (0..<count).map { _ in "<< /Type /Page /Parent 2 0 R /MediaBox \(box) /Contents 3 0 R >>" }
        return file(objects, streams: [3: Data()])
    }

    /// One 612 × 792 page whose content stream is `content`, with `resources` and `extra` page
    /// entries; `objects` are numbered from 5 (1 catalog, 2 page tree, 3 page, 4 content) and
    /// `streams` gives their stream data by object number.
    static func page(content: String, resources: String, extra: String = "", objects: [String] = [], streams: [Int: Data] = [:]) -> Data {
        let bytes = Data(content.utf8)
        return file(
            [
                "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] \(extra) /Resources \(resources) /Contents 4 0 R >>",
                "<< /Length \(bytes.count) >>",
            ] + objects, streams: streams.merging([4: bytes]) { $1 })
    }

    /// One page drawing one image of `width` × `height` grey samples whose stored bytes are
    /// `stream` with `filter`.
    static func imagePage(width: Int, height: Int, filter: String, stream: Data) -> Data {
        let content = Data("q 612 0 0 792 0 0 cm /Im0 Do Q".utf8)
        return file(
            [
                "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>",
                "<< /Type /XObject /Subtype /Image /Width \(width) /Height \(height) /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter \(filter) /Length \(stream.count) >>",
                "<< /Length \(content.count) >>",
            ], streams: [4: stream, 5: content])
    }
}
