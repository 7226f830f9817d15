import Foundation
import LegibleCLI
import LegibleLayout
import LegibleTestSupport
import Testing

// What the command tests share, in process (Tests/LegibleCLITests) and end to end
// (Tests/LegibleEndToEndTests): running a command, starting a process, and the checks of a
// refusal (Docs/Architecture.md, "Tests").

/// What a `legible` command printed, and its exit status (swift-argument-parser's pattern).
public struct Run {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    /// A run's exit status and its captured output and messages.
    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Runs `legible` with `arguments`, in this process through the command table
/// (`CommandTable.runCaptured`), so a test parses, runs and checks a command without a process.
/// What needs a process runs the built binary instead (``legibleProcess(_:environment:)``): an
/// environment of its own, and the commands that start this executable again or hand over to
/// another (`speak`, `html --speak`, `present`, `view`; their `--help` is printed in process).
public func legible(_ arguments: [String], environment: [String: String]? = nil) throws -> Run {
    let handsOver = ["speak", "present", "view"].contains(arguments.first ?? "") || arguments.contains("--speak")
    let needsProcess = handsOver && !arguments.contains("--help")
    guard environment?.isEmpty ?? true, !needsProcess else { return try legibleProcess(arguments, environment: environment ?? [:]) }
    let run = CommandTable.runCaptured(arguments, executable: Repository.legibleExecutable.path)
    return Run(status: run.status, stdout: String(decoding: run.output, as: UTF8.self), stderr: run.messages)
}

/// Runs the built `legible` binary, with `environment` added to ours, and captures its output.
public func legibleProcess(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
    try runProcess(Repository.legibleExecutable, arguments, environment: environment)
}

/// Runs `executable` to its end, with `environment` added to ours, and captures its output.
public func runProcess(_ executable: URL, _ arguments: [String], environment: [String: String], folder: URL? = nil) throws -> Run {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    if let folder { process.currentDirectoryURL = folder }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

/// A temporary folder holding a copy of chicago-1's page document and its scan, for a test
/// that changes the document: the folder and the document's path.
public func chicagoPageToEdit() throws -> (folder: String, page: String) {
    let folder = try temporaryFolder()
    let page = folder + "/chicago-1.json"
    try FileManager.default.copyItem(atPath: Repository.root.appendingPathComponent("Tests/Fixtures/chicago-1.json").path, toPath: page)
    try FileManager.default.copyItem(atPath: Repository.scans.path + "/chicago-1.png", toPath: folder + "/chicago-1.png")
    return (folder, page)
}

/// The words of chicago-1 that ``chicagoPageWithUncertainWords()`` reads as uncertain.
public let chicagoUncertainWords: Set<String> = ["started", "Park,", "zoo"]

/// chicago-1's document and scan in a scratch folder, its words in ``chicagoUncertainWords``
/// read at confidence 0.2 and every other at 0.95 (`Docs/Recognition.md`, "Uncertain words").
public func chicagoPageWithUncertainWords() throws -> (folder: String, page: String) {
    let (folder, page) = try chicagoPageToEdit()
    let layout = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: page)))
    try layout.withConfidences { chicagoUncertainWords.contains($0) ? 0.2 : 0.95 }.encodeDocument().write(to: URL(fileURLWithPath: page))
    return (folder, page)
}

/// A refusal: exit `status`, one message line of ours on stderr, holding `text`.
public func expectRefusal(
    _ run: Run, _ status: Int32, saying text: String, _ context: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(run.status == status, "\(context): \(run.stderr)", sourceLocation: sourceLocation)
    expectOneMessage(run, context, sourceLocation: sourceLocation)
    #expect(run.stderr.contains(text), "\(context): \(run.stderr)", sourceLocation: sourceLocation)
}

/// One message line on stderr, ours, and no trap.
public func expectOneMessage(_ run: Run, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(context): stderr was \(run.stderr.debugDescription)", sourceLocation: sourceLocation)
    #expect(lines.allSatisfy { $0.hasPrefix("legible: ") }, "\(context): \(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.status < 128, "\(context): killed by signal \(run.status)", sourceLocation: sourceLocation)
}

/// Runs the command line `command`, written as a shell would take it (words split at spaces,
/// `'…'` quoting one word, possibly empty), in this process, with the files it names resolved
/// in `folder`: a word that looks like a file name (`page.json`, `x.png`) and the value of an
/// output option (`-o`, `--store`) become paths in `folder`. So a table of refusals reads as
/// the commands a user types, without a shell or a process.
public func legible(_ command: String, in folder: String) throws -> Run {
    let outputs: Set<String> = ["-o", "--store", "--keep", "--scans", "--layouts", "--layout"]
    let words = shellWords(command)
    let resolved = words.indices.map { index -> String in
        let word = words[index]
        let afterOutput = index > 0 && outputs.contains(words[index - 1])
        let looksLikeFile = word.first?.isLetter == true && word.contains(".") && !word.contains("/")
        return !word.isEmpty && !word.hasPrefix("-") && (afterOutput || looksLikeFile) ? "\(folder)/\(word)" : word
    }
    return try legible(resolved)
}

/// `command`'s words: split at spaces, with `'…'` quoting (an empty `''` is an empty word).
func shellWords(_ command: String) -> [String] {
    var words: [String] = []
    var word: String?
    var quoted = false
    for character in command {
        switch character {
        case "'":
            quoted.toggle()
            word = word ?? ""
        case " " where !quoted:
            if let finished = word { words.append(finished) }
            word = nil
        default: word = (word ?? "") + String(character)
        }
    }
    if let finished = word { words.append(finished) }
    return words
}
