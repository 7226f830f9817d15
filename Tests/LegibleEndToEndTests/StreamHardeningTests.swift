import Foundation
import LegibleCommandSupport
import LegibleTestSupport
import Testing

/// Scripts, streams, signals and messages under unlucky input (`Docs/Hardening.md`, "Classes
/// closed"): each test is a class of input, not one example.
@Suite("scripts, streams and messages", .serialized)
struct StreamHardeningTests {
    /// The three pages of the Chicago notebook, as committed documents.
    static let notebook = (1...3).map { Repository.root.appendingPathComponent("Tests/Fixtures/chicago-\($0).json").path }
    static let page = Repository.root.appendingPathComponent("Tests/Fixtures/chicago-1.json").path

    @Test("a gesture script reads the same with LF, CRLF and mixed line ends", arguments: ["\n", "\r\n", "mixed"])
    func lineEnds(ending: String) throws {
        let lines = ["start 1", "rotor words", "next 3", "# a comment", "", "next 2"]
        var script = ""
        for (index, line) in lines.enumerated() { script += line + (ending == "mixed" ? (index % 2 == 0 ? "\r\n" : "\n") : ending) }
        let folder = try temporaryFolder()
        try Data(script.utf8).write(to: URL(fileURLWithPath: folder + "/s.script"))
        let crlf = try legible(["read", Self.page, "--script", folder + "/s.script"])
        let plain = try shell("printf 'start 1\\nrotor words\\nnext 3\\nnext 2\\n' | \"$L\" read \(Self.page) --script -", in: folder)
        #expect(crlf.status == 0 && plain.status == 0, "\(crlf.stderr)")
        #expect(crlf.stdout == plain.stdout && crlf.stdout.split(separator: "\n").count == 6)
    }

    @Test("more than the input limit on standard input is 65, as a file of that size is")
    func oversizedStandardInput() throws {
        let folder = try temporaryFolder()
        let run = try shell("head -c 1073741825 /dev/zero | \"$L\" read \(Self.page) --script -", in: folder)
        expectRefusal(run, 65, saying: "standard input: larger than the 1024 MiB", "1 GiB + 1 byte on stdin")
    }

    @Test("SIGQUIT ends legible while it waits on a pipe, with the signal's own status")
    func quit() throws {
        let folder = try temporaryFolder()
        // The reader waits on a pipe that stays open; SIGQUIT must end it at once.
        let run = try shell(
            "mkfifo in; sleep 20 > in & writer=$!; \"$L\" read \(Self.page) --script - < in & reader=$!; sleep 0.5; kill -QUIT $reader; wait $reader; echo \"status $?\"; kill $writer",
            in: folder)
        #expect(run.stdout.contains("status 131"), "\(run.stdout) \(run.stderr)")
    }

    @Test("read --all --from a page that is not there is the boundary, as read --from is")
    func readAllFromMissingPage() throws {
        for from in ["99", "2", "4:1"] {
            let all = try legible(["read", "--all", "--from", from, Self.page])
            let swipes = try legible(["read", "--from", from, Self.page])
            #expect(all.status == 0 && all.stdout == "[boundary]\n", "--all --from \(from): \(all.stdout)")
            #expect(swipes.stdout == "[boundary]\n", "--from \(from): \(swipes.stdout)")
        }
    }

    /// A TIFF whose page chain is longer than the reader follows: the count is a floor and the
    /// message says so, instead of stating 10000 as exact.
    @Test("a TIFF with 100,000 pages is reported as at least 10000 pages")
    func longPageChain() throws {
        // A 1×1 bilevel page whose one-byte strip sits after the header; every page of the chain
        // is that page, 8 entries of 12 bytes each (tag, type, count, value).
        var tiff = Data([0x49, 0x49, 42, 0, 10, 0, 0, 0, 0xFF, 0])
        let entries: [(tag: UInt16, type: UInt16, value: UInt32)] = [
            (256, 3, 1), (257, 3, 1), (258, 3, 1), (259, 3, 1), (262, 3, 0), (273, 4, 8), (278, 3, 1), (279, 4, 1),
        ]
        let pages = 100_000
        let ifdSize = 2 + entries.count * 12 + 4
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { tiff.append(contentsOf: $0) } }
        for index in 0..<pages {
            append(UInt16(entries.count))
            for entry in entries {
                append(entry.tag)
                append(entry.type)
                append(UInt32(1))
                append(entry.value)
            }
            append(index == pages - 1 ? UInt32(0) : UInt32(10 + (index + 1) * ifdSize))
        }
        let folder = try temporaryFolder()
        try tiff.write(to: URL(fileURLWithPath: folder + "/chain.tif"))
        let run = try shell("\"$L\" ingest chain.tif -o out", in: folder)
        expectRefusal(run, 65, saying: "at least 10000 pages", "a 100,000-page TIFF")
    }

    /// A session bus that accepts connections and never answers held `present` for minutes.
    /// Registration now has a deadline, so it ends with 69 and one line, as a missing bus does.
    @Test("a bus that accepts and never answers ends present with 69 and one line")
    func unansweredBus() throws {
        let folder = try temporaryFolder()
        let server = """
            import socket, time
            s = socket.socket(socket.AF_UNIX); s.bind("bus"); s.listen(64); s.settimeout(0.1)
            held, end = [], time.time() + 12
            while time.time() < end:
                try: held.append(s.accept()[0])
                except socket.timeout: pass
            """
        try Data(server.utf8).write(to: URL(fileURLWithPath: folder + "/bus.py"))
        let run = try shell(
            "/usr/bin/python3 bus.py >/dev/null 2>&1 & server=$!; sleep 0.5; DISPLAY= AT_SPI_BUS_ADDRESS= DBUS_SESSION_BUS_ADDRESS=unix:path=$PWD/bus \"$L\" present \(Self.page); status=$?; kill $server; exit $status",
            in: folder)
        expectRefusal(run, 69, saying: "did not answer within 10 seconds", "a bus that never answers")
    }

    /// A read-all speaks the whole notebook, so it counts as every line it may speak: a script
    /// of many read-alls is refused before it runs, where it had counted as one gesture each and
    /// run for minutes and gigabytes. A script within the bound still runs.
    @Test("the gesture cap bounds what a script speaks: read-alls count as the notebook's lines")
    func readAllBound() throws {
        let folder = try temporaryFolder()
        try Data(String(repeating: "read-all voiceover\n", count: 300_000).utf8).write(to: URL(fileURLWithPath: folder + "/many.script"))
        let many = try legible(["read", Self.page, "--script", folder + "/many.script"])
        expectRefusal(many, 65, saying: "could speak more than 2000000 utterances", "300,000 read-alls")
        #expect(many.stdout.isEmpty, "nothing is spoken before the script is refused")
        try Data(String(repeating: "read-all voiceover\n", count: 3).utf8).write(to: URL(fileURLWithPath: folder + "/few.script"))
        let few = try legible(["read", Self.page, "--script", folder + "/few.script"])
        let once = try legible(["read", "--all", Self.page])
        #expect(few.status == 0 && few.stdout.split(separator: "\n").count == 3 * once.stdout.split(separator: "\n").count)
    }

    /// Arguments that are not UTF-8 (Latin-1 é, a stray 0xFF): Swift would read them with
    /// replacement characters, so an existing file was reported missing and `render -o` wrote a
    /// file of another name. Each is refused with 64 and nothing is written.
    @Test("an argument that is not UTF-8 is refused with 64, and no file of another name is written")
    func nonUTF8Arguments() throws {
        let folder = try temporaryFolder()
        try FileManager.default.copyItem(atPath: Self.page, toPath: folder + "/page.json")
        let commands = [
            "cp page.json \"$(printf 'caf\\351.json')\"; \"$L\" text \"$(printf 'caf\\351.json')\"",
            "\"$L\" render page.json --blank -o \"$(printf 'out\\377.png')\"",
            "\"$L\" read page.json --store \"$(printf 'clips\\300.jsonl')\"",
        ]
        for command in commands {
            let before = Set(try FileManager.default.contentsOfDirectory(atPath: folder)).subtracting(["page.json"])
            let run = try shell(command, in: folder)
            expectRefusal(run, 64, saying: "is not UTF-8", command)
            let after = Set(try FileManager.default.contentsOfDirectory(atPath: folder)).subtracting(["page.json"])
            #expect(after.count <= before.count + 1 && !after.contains { $0.hasPrefix("out") || $0.hasPrefix("clips") }, "\(after)")
        }
    }

    /// A page document is held at up to about 25 times its size, so one above 64 MiB is refused
    /// before it is parsed (`Docs/PageDocument.md`, "Limits").
    @Test("a page document over 64 MiB is refused with 65 before it is parsed")
    func hugeDocument() throws {
        let folder = try temporaryFolder()
        let run = try shell(
            "head -c 67108865 /dev/zero | tr '\\000' ' ' > big.json; \"$L\" text big.json; status=$?; rm big.json; exit $status",
            in: folder)
        expectRefusal(run, 65, saying: "larger than the 64 MiB a page document may have", "a 64 MiB + 1 byte document")
    }

    @Test("--from starts on a page and line; a script can come from stdin")
    func fromAndStdin() throws {
        let from = try legible(["read", "--from", "2:3", "--no-links"] + Self.notebook)
        #expect(from.stdout.hasPrefix("Page 2 of 3\nriver. The river-front path gave us great\n"), "\(from.stdout)")
        let folder = try temporaryFolder()
        try Data("start 3\nnext\n".utf8).write(to: URL(fileURLWithPath: folder + "/in.script"))
        let piped = try runProcess(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "exec \"$0\" read \"$@\" --script - < \"$SCRIPT\"", Repository.legibleExecutable.path] + Self.notebook,
            environment: ["SCRIPT": folder + "/in.script"])
        #expect(piped.stdout == "Page 3 of 3\nEvening. Heading.\nTo end the day, we walked along the\n", "\(piped.stdout)\(piped.stderr)")
    }
}
