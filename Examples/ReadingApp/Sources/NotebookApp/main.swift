// What a notebook app does with page documents and their scans, linking `LegibleNotebook`:
// load each document through the one door (size limit, validation, unknown fields passed
// over), find its scan and prove it is the image the page was read from, and export the pages
// as the HTML notebook. No recogniser, PDF reader or speech engine is linked (Docs/CLI.md,
// "Linking it as a library").
//
//   swift run NotebookApp OUT PAGE.json...
import Foundation
import LegibleNotebook

guard CommandLine.arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: NotebookApp OUT PAGE.json...\n".utf8))
    exit(64)
}
let documents = Array(CommandLine.arguments.dropFirst(2))
do {
    for path in documents {
        let page = try PageDocuments.load(path)
        let scan = try VerifiedScan.find(for: page.layout, documentPath: path, searching: [])
        print("\(path): \(page.lineCount) lines, scan \(scan.name) \(scan.width)×\(scan.height) px, sha256 \(scan.sha256.prefix(12))")
    }
    let report = try HTMLExport(documents: documents, output: CommandLine.arguments[1]).write()
    print("wrote \(report.index): \(report.pages) pages, \(report.words) words")
} catch {
    FileHandle.standardError.write(Data("NotebookApp: \(error)\n".utf8))
    exit(65)
}
