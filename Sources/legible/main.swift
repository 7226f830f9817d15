import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Entry point of the `legible` CLI. See README.md for the reference and exit codes.
let usage = """
    usage: legible <command> [options]
      ingest IMAGE... -o DIR [--format json,hocr,txt] [--jobs N] [-l LANG] [--psm N] [--dpi N] [--no-preprocess] [--force] [-q]
      text   PAGE.json [START END]
      rects  PAGE.json START END
      caret  PAGE.json OFFSET [--affinity upstream|downstream]
      hit    PAGE.json X Y
      move   PAGE.json OFFSET --by character|word|sentence|paragraph|line|document --direction forward|backward|left|right|up|down
      render PAGE.json [--range START END]... [--image IMAGE.png | --blank] [--scale N] -o OVERLAY.png
      dump   PAGE.json
      eval   PAGE.json|DIR... --truth DIR [--tesseract] [--json]
    exit codes: 0 ok, 64 usage, 65 bad data, 66 input missing, 69 missing dependency, 70 internal error, 73 cannot create output, 74 I/O error
    """

/// Debian's Tesseract uses OpenMP, which on 2 cores runs about 3× slower unless
/// OMP_THREAD_LIMIT=1 is set before the process starts; setting it later has no effect (field
/// notes pitfall 8). So OCR commands set it and re-execute themselves once.
func ensureSingleThreadedOpenMP() {
    guard getenv("OMP_THREAD_LIMIT") == nil else { return }
    setenv("OMP_THREAD_LIMIT", "1", 1)
    var cArguments = CommandLine.arguments.map { strdup($0) } + [nil]
    execv("/proc/self/exe", &cArguments)
    // execv only returns on failure: carry on, just slower.
}

func runCommand(_ arguments: [String]) -> Int32 {
    guard let command = arguments.first else {
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        return 64
    }
    let rest = Array(arguments.dropFirst())
    do {
        switch command {
        case "ingest":
            ensureSingleThreadedOpenMP()
            return try IngestCommand.run(rest)
        case "text": return try QueryCommands.text(rest)
        case "rects": return try QueryCommands.rects(rest)
        case "caret": return try QueryCommands.caret(rest)
        case "hit": return try QueryCommands.hit(rest)
        case "move": return try QueryCommands.move(rest)
        case "render": return try RenderCommand.run(rest)
        case "eval": return try EvalCommand.run(rest)
        case "dump": return try DumpCommand.run(rest)
        case "-h", "--help", "help":
            print(usage)
            return 0
        default:
            throw CLIError.usage("unknown command \"\(command)\"\n" + usage)
        }
    } catch let error as CLIError {
        FileHandle.standardError.write(Data("legible: \(error.message)\n".utf8))
        return error.code
    } catch {
        FileHandle.standardError.write(Data("legible: \(error)\n".utf8))
        return 70
    }
}

exit(runCommand(Array(CommandLine.arguments.dropFirst())))
