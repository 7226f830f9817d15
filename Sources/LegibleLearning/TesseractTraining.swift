import Foundation
import LegibleNotebook
import LegibleSystem

/// Debian's Tesseract training tools, run as processes in a work folder (`Docs/Recognition.md`,
/// "Learning the writer's hand"): `combine_tessdata` takes the start model apart,
/// `tesseract … lstm.train` turns a line image and its text into a training sample,
/// `lstmtraining` fine-tunes and finishes a model, `lstmeval` measures one. Each runs on one
/// core (`OMP_THREAD_LIMIT=1`) with its output in a file, and is killed at its deadline.
struct TesseractTraining {
    /// The work folder every file is written in.
    var folder: String
    /// The float start model (`.traineddata`).
    var startModel: String

    /// The start model's network, taken out of it once.
    var startNetwork: String { folder + "/start.lstm" }

    /// What a tool said, and how it ended.
    struct Run {
        var status: Int32
        var output: String
        /// Whether it was stopped at its deadline.
        var stopped: Bool
        /// Whether a signal ended it (`status` is then the signal).
        var signalled = false

        /// Whether it failed for want of room to write: ended by `SIGXFSZ` (past the file-size
        /// limit) or saying the disk is full or the file too large.
        var outOfRoom: Bool {
            (signalled && status == SIGXFSZ) || output.contains("No space left on device") || output.contains("File too large")
        }
    }

    /// Takes the start model's LSTM network out into ``startNetwork``.
    func extractNetwork() throws {
        try require(tool("combine_tessdata", ["-e", startModel, startNetwork]), "combine_tessdata -e")
    }

    /// The start model's character set: each entry of its LSTM unicharset, which a line's text
    /// must be spelled in to be learnt.
    func characterSet() throws -> Set<String> {
        let prefix = folder + "/start."
        try require(tool("combine_tessdata", ["-u", startModel, prefix]), "combine_tessdata -u")
        guard let text = try? String(contentsOfFile: prefix + "lstm-unicharset", encoding: .utf8) else {
            throw NotebookError(.badData, "\(startModel): holds no LSTM character set")
        }
        return Set(text.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) })
    }

    /// A training sample made of the line image `image` (PGM) and its box file beside it; the
    /// sample's path, or nil when Tesseract made none (a line it cannot take).
    func sample(_ image: String) throws -> String? {
        let base = String(image.dropLast(4))
        let run = try tool("tesseract", [image, base, "--psm", "13", "lstm.train"])
        return run.status == 0 && FileManager.default.fileExists(atPath: base + ".lstmf") ? base + ".lstmf" : nil
    }

    /// Trains from `start` (the start network or a checkpoint) on the samples listed in
    /// `list` until `iterations` in all, writing checkpoints named `output`. False when it was
    /// stopped at `seconds` before it finished (its checkpoint is then not to be trusted).
    func train(from start: String, list: String, iterations: Int, output: String, seconds: Double) throws -> Bool {
        let arguments = [
            "--continue_from", start, "--traineddata", startModel, "--model_output", output, "--train_listfile", list,
            "--max_iterations", String(iterations), "--learning_rate", "0.001", "--debug_interval", "0",
        ]
        let run = try tool("lstmtraining", arguments, seconds: seconds)
        if run.stopped { return false }
        try require(run, "lstmtraining")
        return true
    }

    /// The character error rate (0…1) of `model` (a network or checkpoint) on the samples
    /// listed in `list`.
    func characterErrorRate(of model: String, list: String) throws -> Double {
        let run = try tool("lstmeval", ["--model", model, "--traineddata", startModel, "--eval_listfile", list])
        try require(run, "lstmeval")
        guard let found = run.output.range(of: "BCER eval="),
            let value = Double(run.output[found.upperBound...].prefix { $0.isNumber || $0 == "." })
        else {
            // lstmtraining does not stop when its checkpoint cannot be written whole; the
            // checkpoint it leaves is then cut short, and lstmeval cannot read it.
            if Self.isFull(folder) { throw outOfRoom("lstmtraining") }
            throw NotebookError(.internalError, "lstmeval gave no error rate: \(run.output.suffix(200))")
        }
        return value / 100
    }

    /// Makes an ordinary `.traineddata` at `output` from the checkpoint `checkpoint`.
    func finish(_ checkpoint: String, output: String) throws {
        try require(
            tool(
                "lstmtraining", ["--stop_training", "--continue_from", checkpoint, "--traineddata", startModel, "--model_output", output]),
            "lstmtraining --stop_training")
    }

    private func require(_ run: Run, _ what: String) throws {
        // A full work folder is an I/O error (74), as every other writer reports it, not an
        // internal one (`Docs/Hardening.md`, "Messages and exit codes").
        if run.status != 0, run.outOfRoom || Self.isFull(folder) { throw outOfRoom(what) }
        guard run.status == 0 else {
            let last = run.output.split(separator: "\n").last.map(String.init) ?? "no output"
            throw NotebookError(.internalError, "\(what) failed (status \(run.status)): \(last)")
        }
    }

    /// Runs `/usr/bin/NAME` with `arguments`, its output to a file, killed after `seconds`.
    func tool(_ name: String, _ arguments: [String], seconds: Double = 600) throws -> Run {
        let log = folder + "/tool.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: log) else { throw NotebookError(.internalError, "cannot write \(log)") }
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + name)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        process.environment = environment
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw NotebookError(
                .missingDependency, "cannot run /usr/bin/\(name) (install tesseract-ocr, which has Tesseract's training tools)")
        }
        let deadline = Date(timeIntervalSinceNow: seconds)
        var stopped = false
        while process.isRunning {
            if !stopped, Date() > deadline {
                process.terminate()
                stopped = true
            }
            usleep(20_000)
        }
        process.waitUntilExit()
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return Run(
            status: process.terminationStatus, output: output, stopped: stopped, signalled: process.terminationReason == .uncaughtSignal)
    }

    /// The failure of a tool that had no room to write in the work folder: an I/O error (74),
    /// as every other writer reports one.
    func outOfRoom(_ what: String) -> FileError {
        FileError(.io, "\(folder): no room left to train in (\(what) could not write); free some space, or set TMPDIR elsewhere")
    }

    /// Whether the work `folder` is out of room: its file system has less than a mebibyte left
    /// for this user, or a file in it has reached the process's file-size limit (`ulimit -f`),
    /// which the tools inherit.
    static func isFull(_ folder: String) -> Bool {
        var status = statvfs()
        if statvfs(folder, &status) == 0, UInt64(status.f_bavail) * UInt64(status.f_frsize) < 1 << 20 { return true }
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return false }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.contains { name in
            var file = stat()
            return stat(folder + "/" + name, &file) == 0 && UInt64(file.st_size) + 4096 >= UInt64(limit.rlim_cur)
        }
    }
}
