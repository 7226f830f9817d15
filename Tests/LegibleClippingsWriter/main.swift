import Foundation
import LegibleNotebook
import LegibleReading
import LegibleSystem
import LegibleTextInput

// Test support, never shipped: `legible save` as the clippings durability test needs it, with
// every write cut in halves 2 ms apart (`SystemCalls.splitWrites`), so a writer killed at a
// random moment often leaves a torn line, which the store must repair without losing an
// acknowledged clipping (`Docs/Reading.md`, "Clippings store"). The shipped binary has no such
// switch: the calls are given here, as a library's caller gives them.
//
//   legible-clippings-writer PAGE.json STORE START END REPEAT
let arguments = CommandLine.arguments
guard arguments.count == 6, let start = Int(arguments[3]), let end = Int(arguments[4]), let repeats = Int(arguments[5]) else {
    FileHandle.standardError.write(Data("usage: legible-clippings-writer PAGE.json STORE START END REPEAT\n".utf8))
    exit(64)
}
do {
    let page = try PageDocuments.load(arguments[1])
    let notebook = Notebook(pages: [page])
    let store = ClippingsStore(url: URL(fileURLWithPath: arguments[2]), calls: SystemCalls.live.splitWrites(pausing: 2_000))
    page.setSelectedTextRange(TextRange(start, end), origin: .host)
    guard let region = notebook.region(onPage: 0, containing: start) else { exit(65) }
    let save = notebook.editAction(.saveSelection, for: region, store: store, pasteboard: MemoryPasteboard())
    for _ in 0..<repeats {
        guard save.handler() else { exit(74) }
        // Acknowledged only once the clipping is fsynced (the append returned), as `save` does.
        try FileDescriptor.standardOutput.writeAll(Data("saved \(store.lastAppended?.id ?? "?")\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("legible-clippings-writer: \(error)\n".utf8))
    exit(70)
}
