import Foundation
import LegibleCommandSupport
import LegibleTestSupport
import Testing

/// `clippings` and `save` on stores of every shape: listing never writes, saving keeps every
/// complete entry (`Docs/Reading.md`, "Clippings store"; `Docs/Hardening.md`).
@Suite("legible clippings and save on any store")
struct ClippingsCommandTests {
    /// Store contents, how many entries a listing shows, and whether it is a store at all.
    static let stores: [(name: String, bytes: String, listed: Int, isStore: Bool)] = [
        ("a clean store", clippingLine + "\n" + clippingLine + "\n", 2, true),
        ("a valid last entry without its newline", clippingLine + "\n" + clippingLine, 2, true),
        ("a torn last entry", clippingLine + "\n" + String(clippingLine.prefix(40)), 1, true),
        ("an invalid middle line", clippingLine + "\n{broken}\n" + clippingLine + "\n", 2, true),
        ("an empty file", "", 0, true),
        ("a text file", "first line\nlast line without newline", 0, false),
        ("a text file ending in a newline", "notes\n", 0, false),
        ("binary junk", "\u{0}\u{1}\u{2}PNG\u{0}", 0, false),
    ]

    @Test("listing never changes the store file, whatever it holds", arguments: stores.map(\.name))
    func listingNeverWrites(name: String) throws {
        let item = Self.stores.first { $0.name == name }!
        let folder = try temporaryFolder()
        let store = "\(folder)/store.jsonl"
        try Data(item.bytes.utf8).write(to: URL(fileURLWithPath: store))
        for arguments in [["clippings", "--store", store], ["clippings", "--json", "--store", store]] {
            let run = try legible(arguments)
            #expect(run.status == (item.isStore ? 0 : 65), "\(run.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == Data(item.bytes.utf8), "\(arguments) changed the file")
            if item.isStore, arguments.count == 3 { #expect(run.stdout.split(separator: "\n").count == item.listed) }
        }
    }

    @Test("saving keeps every complete entry and refuses a file that is not a store", arguments: stores.map(\.name))
    func savingKeepsEntries(name: String) throws {
        let item = Self.stores.first { $0.name == name }!
        let folder = try temporaryFolder()
        let store = "\(folder)/store.jsonl"
        let page = "\(folder)/page.json"
        try Data(minimalDocument.utf8).write(to: URL(fileURLWithPath: page))
        try Data(item.bytes.utf8).write(to: URL(fileURLWithPath: store))
        let run = try legible(["save", page, "0", "5", "--store", store])
        guard item.isStore else {
            #expect(run.status == 65)
            expectOneMessage(run, name)
            #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == Data(item.bytes.utf8))
            return
        }
        #expect(run.status == 0, "\(run.stderr)")
        let listing = try legible(["clippings", "--store", store])
        #expect(listing.stdout.split(separator: "\n").count == item.listed + 1)
        #expect(listing.stderr.isEmpty || name == "an invalid middle line", "\(listing.stderr)")
    }
}
