import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Entry point of the `legible` CLI. See README.md for the reference and exit codes.
let usage = """
    usage: legible <command> [options]
      ingest IMAGE... -o DIR [--format json,hocr,txt,alto] [--jobs N] [-l LANG] [--psm N] [--dpi N]
             [--no-preprocess | --preprocess colour,background,rules,deskew] [--layout FILE | --layouts DIR] [--timeout SECONDS] [--force] [-q]
      text   PAGE.json [START END]
      rects  PAGE.json START END
      caret  PAGE.json OFFSET [--affinity upstream|downstream]
      hit    PAGE.json X Y
      move   PAGE.json OFFSET --by character|word|sentence|paragraph|line|document --direction forward|backward|left|right|up|down
      render PAGE.json [--range START END]... [--image IMAGE.png | --blank] [--scale N] -o OVERLAY.png|-
      dump   PAGE.json
      read   PAGE.json... [--all] [--rotor lines|words|characters] [--no-links] [--no-page-turn]
      save   PAGE.json START END [--store FILE] [--repeat N]
      clippings [--json] [--store FILE]
      eval   PAGE.json|DIR... --truth DIR [--tesseract] [-l LANG] [--json]
    exit codes: 0 ok, 64 usage, 65 bad data, 66 input missing, 69 missing dependency, 70 internal error, 73 cannot create output, 74 I/O error, 75 page deadline passed
    """

/// Sets the process environment OCR needs and re-executes once, because both settings are
/// read when the process starts:
/// - `OMP_THREAD_LIMIT=1`: Debian's Tesseract uses OpenMP, which on 2 cores runs about 3×
///   slower unless this is set before launch; setting it later has no effect (`Docs/Platform.md`,
///   "C library pitfalls").
/// - for batches, `GLIBC_TUNABLES` raising malloc's mmap and trim thresholds to 64/128 MiB:
///   every page allocates and frees images of several MB, which glibc otherwise maps and unmaps
///   each time. Measured on 40 pages: `--jobs 2` spent 1.79 s in the kernel (0.23 s tuned) and
///   reached only 1.39× the throughput of `--jobs 1` (1.83× tuned). For a single page it only
///   raised the peak memory (72 → 78 MB), so it is left out then.
func prepareOCREnvironment(batch: Bool) {
    guard getenv("LEGIBLE_REEXECUTED") == nil else { return }
    var changed = false
    if getenv("OMP_THREAD_LIMIT") == nil {
        setenv("OMP_THREAD_LIMIT", "1", 1)
        changed = true
    }
    if batch, getenv("GLIBC_TUNABLES") == nil {
        setenv("GLIBC_TUNABLES", "glibc.malloc.mmap_threshold=67108864:glibc.malloc.trim_threshold=134217728", 1)
        changed = true
    }
    guard changed else { return }
    setenv("LEGIBLE_REEXECUTED", "1", 1)
    var cArguments = CommandLine.arguments.map { strdup($0) } + [nil]
    Console.restoreForExec()
    execv("/proc/self/exe", &cArguments)
    // execv only returns on failure: carry on, just slower, with library chatter silenced again.
    Console.start()
}

func runCommand(_ arguments: [String]) -> Int32 {
    guard let command = arguments.first else {
        Console.message(usage)
        return 64
    }
    let rest = Array(arguments.dropFirst())
    do {
        switch command {
        case "ingest":
            return try IngestCommand.run(rest)
        case "text": return try QueryCommands.text(rest)
        case "rects": return try QueryCommands.rects(rest)
        case "caret": return try QueryCommands.caret(rest)
        case "hit": return try QueryCommands.hit(rest)
        case "move": return try QueryCommands.move(rest)
        case "render": return try RenderCommand.run(rest)
        case "eval": return try EvalCommand.run(rest)
        case "dump": return try DumpCommand.run(rest)
        case "read": return try ReadCommands.read(rest)
        case "save": return try ReadCommands.save(rest)
        case "clippings": return try ReadCommands.clippings(rest)
        case "-h", "--help", "help":
            try Console.out(usage + "\n")
            return 0
        default:
            throw CLIError.usage("unknown command \"\(command)\"\n" + usage)
        }
    } catch let error as CLIError {
        Console.message(error.message)
        return error.code
    } catch {
        Console.message("\(error)")
        return 70
    }
}

Console.start()
exit(runCommand(Array(CommandLine.arguments.dropFirst())))
