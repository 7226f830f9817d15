import Foundation
import LegibleCommandSupport
import LegibleLayout
import LegibleRaster
import LegibleTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `command` through `sh -c` with `legible` as `$L`, for redirections a `Process` cannot
/// express (a closed stdout, `/dev/full`, a terminal).
func shell(_ command: String, in folder: String) throws -> Run {
    try runProcess(
        URL(fileURLWithPath: "/bin/sh"), ["-c", command], environment: ["L": Repository.legibleExecutable.path],
        folder: URL(fileURLWithPath: folder))
}

/// The hardening classes of `Docs/Hardening.md`, each as a table of inputs run through the CLI.
@Suite("Hardening: bad input of every class", .serialized)
struct HardeningTests {
    // MARK: Data loss in commands that should not write

    @Test("a store that is readable but not writable still lists")
    func readOnlyStore() throws {
        let folder = try temporaryFolder()
        let store = "\(folder)/store.jsonl"
        try Data((clippingLine + "\n" + clippingLine).utf8).write(to: URL(fileURLWithPath: store))
        chmod(store, 0o444)
        chmod(folder, 0o555)
        defer { chmod(folder, 0o755) }
        // root may write anything, so the listing then runs as the unprivileged user nobody.
        let prefix = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        let run = try shell("\(prefix)\"$L\" clippings --store store.jsonl", in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 2)
    }

    // MARK: Silently wrong batch output

    static let sharedStems: [[String]] = [["a/x.png", "b/x.png"], ["x.png", "x.jpg"], ["x.png", "c/x.tif"]]

    @Test("two inputs that would share output names are refused before any work", arguments: sharedStems)
    func sharedStem(paths: [String]) throws {
        let folder = try temporaryFolder()
        for path in paths {
            try FileManager.default.createDirectory(
                atPath: "\(folder)/\(AtomicFilePath.folder(path))", withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: Repository.scans.appendingPathComponent("chicago-1.png").path, toPath: "\(folder)/\(path)")
        }
        let run = try shell("\"$L\" ingest \(paths.joined(separator: " ")) -o out", in: folder)
        #expect(run.status == 64)
        expectOneMessage(run, "\(paths)")
        for path in paths { #expect(run.stderr.contains(path)) }
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/out"))
    }

    /// An ALTO transcription of `Scans/chicago-1.png` (1166×1654), so batch tests need no OCR.
    static let chicagoALTO =
        #"<alto xmlns="http://www.loc.gov/standards/alto/ns-v4#"><Layout><Page WIDTH="1166" HEIGHT="1654"><PrintSpace><TextBlock><TextLine HPOS="100" VPOS="100" WIDTH="600" HEIGHT="50"><String CONTENT="Morning walk" HPOS="100" VPOS="100" WIDTH="600" HEIGHT="50"/></TextLine></TextBlock></PrintSpace></Page></Layout></alto>"#

    /// A fresh folder holding `page.png` (a copy of `Scans/chicago-1.png`) and `page.xml`
    /// (``chicagoALTO``), for ingest tests that need no OCR.
    static func importFolder() throws -> String {
        let folder = try temporaryFolder()
        try FileManager.default.copyItem(
            atPath: Repository.scans.appendingPathComponent("chicago-1.png").path, toPath: "\(folder)/page.png")
        try Data(chicagoALTO.utf8).write(to: URL(fileURLWithPath: "\(folder)/page.xml"))
        return folder
    }

    @Test("outputs left by an older image are rewritten, not taken as up to date")
    func staleSiblings() throws {
        let folder = try Self.importFolder()
        let arguments = "\"$L\" ingest page.png --layout page.xml -o out --format json,hocr,txt,alto -q"
        #expect(try shell(arguments, in: folder).status == 0)
        let fresh = try ["json", "hocr", "txt", "alto.xml"].map { try Data(contentsOf: URL(fileURLWithPath: "\(folder)/out/page.\($0)")) }
        for format in ["hocr", "txt", "alto.xml"] {
            try Data("from an older image\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/out/page.\(format)"))
        }
        let rerun = try shell(arguments, in: folder)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let after = try ["json", "hocr", "txt", "alto.xml"].map { try Data(contentsOf: URL(fileURLWithPath: "\(folder)/out/page.\($0)")) }
        #expect(after == fresh)
    }

    @Test("a multi-page TIFF is refused with 65, never read as its first page")
    func multiPageTIFF() throws {
        let folder = try temporaryFolder()
        let tiff = Repository.root.appendingPathComponent("Fuzz/Corpus/image/two-pages.tif").path
        let run = try shell("\"$L\" ingest \(tiff) -o out", in: folder)
        #expect(run.status == 65)
        #expect(run.stderr.contains("multi-page TIFF (2 pages)"), "\(run.stderr)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/out")) ?? []).isEmpty)
    }

    static let orientations: [(file: String, width: Int, height: Int, orientation: Int?)] = [
        ("exif6.jpg", 9, 12, 6), ("exif5.jpg", 9, 12, 5), ("plain.jpg", 12, 9, nil), ("orient3.tif", 12, 9, 3),
    ]

    @Test("EXIF and TIFF orientation give the displayed size, recorded in the document", arguments: orientations.map(\.file))
    func orientationRecorded(file: String) throws {
        let item = Self.orientations.first { $0.file == file }!
        let folder = try temporaryFolder()
        let image = Repository.root.appendingPathComponent("Fuzz/Corpus/image/\(file)").path
        let alto = #"<alto xmlns="http://www.loc.gov/standards/alto/ns-v4#"><Layout><Page/></Layout></alto>"#
        try Data(alto.utf8).write(to: URL(fileURLWithPath: "\(folder)/empty.xml"))
        let run = try shell("\"$L\" ingest \(image) --layout empty.xml -o out -q", in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let stem = (file as NSString).deletingPathExtension
        let layout = try PageLayout.decodeDocument(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/out/\(stem).json")))
        #expect(layout.image.width == item.width && layout.image.height == item.height)
        #expect(layout.image.orientation == item.orientation)
    }

    // MARK: Crashes from numbers

    @Test("one layout file with a huge coordinate fails alone; the batch goes on and reports")
    func hugeCoordinateInBatch() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: "\(folder)/layouts", withIntermediateDirectories: true)
        for stem in ["good", "bad"] {
            try FileManager.default.copyItem(
                atPath: Repository.scans.appendingPathComponent("chicago-1.png").path, toPath: "\(folder)/\(stem).png")
        }
        try Data(Self.chicagoALTO.utf8).write(to: URL(fileURLWithPath: "\(folder)/layouts/good.xml"))
        try Data(
            Self.chicagoALTO.replacingOccurrences(of: #"HPOS="100" VPOS="100" WIDTH="600""#, with: #"HPOS="9e300" VPOS="100" WIDTH="600""#)
                .utf8
        )
        .write(to: URL(fileURLWithPath: "\(folder)/layouts/bad.xml"))
        let run = try shell("\"$L\" ingest good.png bad.png --layouts layouts -o out", in: folder)
        #expect(run.status == 65)
        #expect(run.stdout.contains("ingested 1 of 2 pages"), "\(run.stdout)")
        #expect(run.stderr.contains("bad.xml:1:"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(folder)/out/good.json"))
    }

    // MARK: Crashes from output failures

    static let dataCommands = [
        "text page.json", "rects page.json 0 5", "caret page.json 3", "hit page.json 20 20", "move page.json 0 --by word", "dump page.json",
        "read page.json --all", "render page.json --blank -o -", "clippings --store store.jsonl", "save page.json 0 5 --store store.jsonl",
    ]

    @Test("a full or closed stdout gives 74 and one line, never a trap", arguments: dataCommands)
    func lostStdout(command: String) throws {
        let folder = try temporaryFolder()
        try Data(minimalDocument.utf8).write(to: URL(fileURLWithPath: "\(folder)/page.json"))
        _ = try shell("\"$L\" save page.json 0 5 --store store.jsonl", in: folder)
        for redirect in [">/dev/full", ">&-"] {
            let run = try shell("\"$L\" \(command) \(redirect)", in: folder)
            #expect(run.status == 74, "\(command) \(redirect): \(run.status) \(run.stderr)")
            expectOneMessage(run, "\(command) \(redirect)")
        }
        // With stderr gone too, the status still tells.
        let silent = try shell("\"$L\" \(command) >/dev/full 2>&-", in: folder)
        #expect(silent.status == 74)
    }

    static let outputNames = [".", "..", "-", "a", "~", "/", "page.json/x.png", "missing/x.png", "/dev/full", "/dev/null"]

    @Test("odd output names give a file, 73 or 74 with one line, and never replace a device", arguments: outputNames)
    func oddOutputName(name: String) throws {
        let folder = try temporaryFolder()
        try Data(minimalDocument.utf8).write(to: URL(fileURLWithPath: "\(folder)/page.json"))
        let run = try shell("\"$L\" render page.json --blank -o '\(name)' >/dev/null", in: folder)
        if run.status == 0 {
            #expect(run.stderr.isEmpty)
        } else {
            #expect([73, 74].contains(run.status), "\(name): \(run.status)")
            expectOneMessage(run, name)
        }
        var status = stat()
        for device in ["/dev/full", "/dev/null"] {
            #expect(stat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "\(device) is no longer a device")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("a page's outputs commit together: one that cannot be written leaves none of them")
    func outputsCommitTogether() throws {
        let folder = try Self.importFolder()
        try FileManager.default.createDirectory(atPath: "\(folder)/out/page.txt", withIntermediateDirectories: true)
        let run = try shell("\"$L\" ingest page.png --layout page.xml -o out --format json,hocr,txt -q", in: folder)
        #expect(run.status == 73, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/out")
        #expect(names == ["page.txt"], "\(names)")
    }

    @Test("a write that fails for lack of space gives 74 and leaves no output and no temporary file")
    func fullDisk() throws {
        let folder = try Self.importFolder()
        try FileManager.default.createDirectory(atPath: "\(folder)/out", withIntermediateDirectories: true)
        // A file-size limit of one 512-byte block makes every write past it fail with EFBIG, as
        // a full disk fails with ENOSPC; the JSON and hOCR of this page are larger than that.
        let run = try shell("ulimit -f 1; \"$L\" ingest page.png --layout page.xml -o out --format json,hocr,txt -q", in: folder)
        #expect(run.status == 74, "\(run.status) \(run.stderr)")
        expectOneMessage(run, "file-size limit")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/out").isEmpty)
    }

    /// One rule for a full disk across the commands that write (`Docs/CLI.md`, "Exit codes"): 74, and
    /// the file they would have replaced unchanged. `edit` gave 73 where `pdf`, `speak` and
    /// `align -o` gave 74.
    @Test(
        "a full disk is 74 from every command that writes, with one line, and no file replaced",
        arguments: [
            "edit page.json 0 7 Evening", "align page.json typed.txt -o aligned.json", "align page.json typed.txt",
            "pdf page.json -o out.pdf", "speak page.json -o speech", "html page.json -o notebook",
        ])
    func fullDiskEveryWriter(_ command: String) throws {
        let (folder, page) = try chicagoPageToEdit()
        try FileManager.default.moveItem(atPath: page, toPath: folder + "/page.json")
        let text = try legible(["text", folder + "/page.json"]).stdout
        try text.replacingOccurrences(of: "Morning", with: "Evening").write(
            toFile: folder + "/typed.txt", atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/page.json"))
        let run = try shell("ulimit -f 2; \"$L\" \(command)", in: folder)
        #expect(run.status == 74 && run.stderr.split(separator: "\n").count == 1, "\(command): \(run.status) \(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/page.json")) == before)
        for name in ["aligned.json", "out.pdf", "speech/page.timing.json", "notebook/index.html"] {
            #expect(!FileManager.default.fileExists(atPath: folder + "/" + name), "\(command) left \(name)")
        }
    }

    @Test(
        "align --image names a FIFO, a device or a folder as what it is (66), without opening it",
        arguments: [("fifo", "is a pipe (FIFO)"), ("/dev/zero", "is a device"), ("folder", "is a folder")])
    func alignImageKinds(_ image: String, _ words: String) throws {
        let (folder, page) = try chicagoPageToEdit()
        try legible(["text", page]).stdout.write(toFile: folder + "/typed.txt", atomically: true, encoding: .utf8)
        _ = try shell("mkfifo fifo && mkdir folder", in: folder)
        let run = try shell("\"$L\" align chicago-1.json typed.txt -o out.json --image \(image)", in: folder)
        #expect(
            run.status == 66 && run.stderr.contains(words) && run.stderr.split(separator: "\n").count == 1, "\(run.status) \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.json"))
    }

    @Test("a sideways phone photo (EXIF orientation 6) is read upright, with boxes in the displayed frame")
    func exifRotatedPhoto() throws {
        let folder = try temporaryFolder()
        let source = Repository.scans.appendingPathComponent("chicago-1.png").path
        // Stored turned a quarter anticlockwise, tagged "rotate 90° clockwise to display".
        let script =
            "from PIL import Image; im = Image.open('\(source)').convert('RGB').transpose(Image.Transpose.ROTATE_90); "
            + "ex = Image.Exif(); ex[0x0112] = 6; im.save('photo.jpg', exif=ex, quality=92)"
        let made = try shell("python3 -c \"\(script)\"", in: folder)
        try #require(made.status == 0, "Pillow could not write the photo: \(made.stderr)")
        let run = try shell("\"$L\" ingest photo.jpg -o out -q", in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let layout = try PageLayout.decodeDocument(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/out/photo.json")))
        #expect(layout.image.width == 1166 && layout.image.height == 1654 && layout.image.orientation == 6)
        #expect(layout.text.contains("Lincoln Park"), "\(layout.text.prefix(200))")
    }

    @Test("temporary files left by a killed run on this host are removed by the next run")
    func staleTemporaries() throws {
        let folder = try Self.importFolder()
        try FileManager.default.createDirectory(atPath: "\(folder)/out", withIntermediateDirectories: true)
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, 255)
        let host = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).filter {
            $0.isLetter || $0.isNumber || $0 == "." || $0 == "_"
        }
        let dead = ".page.json.legible-\(host)-4000000-1.tmp"  // above pid_max: no such process
        let live = ".page.json.legible-\(host)-\(getpid())-2.tmp"
        let foreign = ".page.json.legible-otherhost-12-3.tmp"
        for name in [dead, live, foreign] { try Data("x".utf8).write(to: URL(fileURLWithPath: "\(folder)/out/\(name)")) }
        #expect(try shell("\"$L\" ingest page.png --layout page.xml -o out -q", in: folder).status == 0)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/out"))
        #expect(!names.contains(dead))
        #expect(names.contains(live) && names.contains(foreign))
        // html stages each copied scan as it goes, so a killed html leaves temporaries too; pdf
        // given an image ingests it as ingest does, into --keep, cleaning that folder too.
        for (subfolder, name, command) in [
            ("notebook/images", ".page.png.legible-\(host)-4000000-4.tmp", "html out/page.json -o notebook --scans ."),
            ("kept", ".page.json.legible-\(host)-4000000-7.tmp", "pdf page.png -o image.pdf --keep kept --reader tesseract"),
        ] {
            let inside = "\(folder)/\(subfolder)"
            try FileManager.default.createDirectory(atPath: inside, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: "\(inside)/\(name)"))
            let run = try shell("\"$L\" \(command)", in: folder)
            #expect(run.status == 0, "\(command): \(run.stderr)")
            #expect(!(try FileManager.default.contentsOfDirectory(atPath: inside)).contains(name), "\(command)")
        }
        // pdf streams one file, and removes what a killed pdf left of that file only.
        let deadPDF = ".notebook.pdf.legible-\(host)-4000000-5.tmp"
        let otherPDF = ".other.pdf.legible-\(host)-4000000-6.tmp"
        for name in [deadPDF, otherPDF] { try Data("x".utf8).write(to: URL(fileURLWithPath: "\(folder)/\(name)")) }
        let pdf = try shell("\"$L\" pdf out/page.json -o notebook.pdf --scans .", in: folder)
        #expect(pdf.status == 0, "\(pdf.stderr)")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(!left.contains(deadPDF) && left.contains(otherPDF))
    }

    // MARK: Hangs

    @Test("recognition stops at the page deadline with 75 and one line")
    func deadline() throws {
        let folder = try temporaryFolder()
        // One bundled page reads in about 0.1 s on a fast machine, so it can beat the shortest
        // deadline: nine of them on one sheet take some 2 s, far past it on any machine.
        let pages = (1...3).map { "'\(Repository.scans.appendingPathComponent("chicago-\($0).png").path)'" }.joined(separator: ", ")
        let script =
            "from PIL import Image; ims = [Image.open(p).convert('L') for p in [\(pages)]]; w, h = ims[0].size; "
            + "page = Image.new('L', (3 * w, 3 * h), 255); "
            + "[page.paste(ims[(r + c) % 3], (c * w, r * h)) for r in range(3) for c in range(3)]; page.save('nine.png')"
        let made = try shell("python3 -c \"\(script)\"", in: folder)
        try #require(made.status == 0, "Pillow could not write the page: \(made.stderr)")
        let run = try shell("\"$L\" ingest nine.png -o out --timeout 0.1", in: folder)
        #expect(run.status == 75, "\(run.stderr)")
        #expect(run.stderr.contains("page deadline"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/nine.json"))
    }

    // MARK: Messages and exit codes

    static let notFiles: [(name: String, setUp: String, message: String)] = [
        ("a folder", "mkdir thing", "is a folder"), ("a FIFO", "mkfifo thing", "is a pipe (FIFO)"),
        ("a missing file", ":", "no such file"), ("a device", "ln -s /dev/zero thing", "is a device"),
    ]

    @Test("a folder, FIFO or device given as input gets its own message and 66, without hanging", arguments: notFiles.map(\.name))
    func notAFile(name: String) throws {
        let item = Self.notFiles.first { $0.name == name }!
        for command in ["text thing", "ingest thing -o out", "clippings --store thing", "read thing"] {
            let folder = try temporaryFolder()
            _ = try shell(item.setUp, in: folder)
            let run = try shell("timeout 20 \"$L\" \(command)", in: folder)
            let expected: Int32 = command.hasPrefix("clippings") && name == "a missing file" ? 0 : 66
            #expect(run.status == expected, "\(command) on \(name): \(run.status) \(run.stderr)")
            if expected == 66 {
                expectOneMessage(run, "\(command) on \(name)")
                #expect(run.stderr.contains(item.message), "\(run.stderr)")
            }
        }
    }

    /// A small real PNG with its IHDR width and height replaced (`Fuzz/Corpus/image/grey.png`).
    static func png(width: [UInt8], height: [UInt8]) throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: Repository.root.appendingPathComponent("Fuzz/Corpus/image/grey.png")))
        bytes.replaceSubrange(16..<20, with: width)
        bytes.replaceSubrange(20..<24, with: height)
        return Data(bytes)
    }

    static let images: [(name: String, width: [UInt8], height: [UInt8], message: String)] = [
        ("a zero-width PNG", [0, 0, 0, 0], [0, 0, 0, 9], "zero size (0×9 pixels)"),
        ("a PNG claiming 2^31 × 2^31 pixels", [0x7F, 0xFF, 0xFF, 0xFF], [0x7F, 0xFF, 0xFF, 0xFF], "above the limit"),
        ("a PNG claiming 2^32 - 1 pixels a side", [0xFF, 0xFF, 0xFF, 0xFF], [0xFF, 0xFF, 0xFF, 0xFF], "above the limit"),
        ("a PNG claiming one row of 10^8 pixels", [0x05, 0xF5, 0xE1, 0x00], [0, 0, 0, 1], "above the limit"),
    ]

    @Test("zero-size and absurd image headers say so in one line", arguments: images.map(\.name))
    func badHeader(name: String) throws {
        let item = Self.images.first { $0.name == name }!
        let folder = try temporaryFolder()
        try Self.png(width: item.width, height: item.height).write(to: URL(fileURLWithPath: "\(folder)/bad.png"))
        let run = try shell("\"$L\" ingest bad.png -o out", in: folder)
        #expect(run.status == 65)
        expectOneMessage(run, name)
        #expect(run.stderr.contains(item.message), "\(run.stderr)")
    }

    @Test("a truncated JPEG gives one line of ours, none of libjpeg's")
    func truncatedJPEG() throws {
        let folder = try temporaryFolder()
        let jpeg = try Data(contentsOf: Repository.root.appendingPathComponent("Tests/Fixtures/chicago-1.jpg"))
        try jpeg.prefix(jpeg.count / 3).write(to: URL(fileURLWithPath: "\(folder)/cut.jpg"))
        let run = try shell("\"$L\" ingest cut.jpg -o out -q", in: folder)
        #expect(run.status == 65 || run.status == 0, "\(run.stderr)")
        if run.status == 65 { expectOneMessage(run, "truncated JPEG") } else { #expect(run.stderr.isEmpty, "\(run.stderr)") }
    }

    @Test("control characters from a document are escaped on a terminal, kept in a pipe")
    func controlCharacters() throws {
        let folder = try temporaryFolder()
        let hostile = minimalDocument.replacingOccurrences(of: "Saved words here", with: "Saved\\u001b]0;pwned\\u0007 here")
            .replacingOccurrences(of: "[0,16]", with: "[0,20]")
        try Data(hostile.utf8).write(to: URL(fileURLWithPath: "\(folder)/page.json"))
        let piped = try shell("\"$L\" text page.json", in: folder)
        #expect(piped.stdout.contains("\u{1B}]0;pwned\u{07}"))
        // `script` gives the command a terminal for its stdout.
        let terminal = try shell("script -qec '\"$L\" text page.json' /dev/null", in: folder)
        #expect(terminal.status == 0, "\(terminal.stderr)")
        #expect(!terminal.stdout.contains("\u{1B}]0;"), "\(terminal.stdout.debugDescription)")
        #expect(terminal.stdout.contains("\\u{1B}]0;pwned\\u{7}"), "\(terminal.stdout.debugDescription)")
    }
}

/// The folder part of a relative path in these tests.
enum AtomicFilePath {
    static func folder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
