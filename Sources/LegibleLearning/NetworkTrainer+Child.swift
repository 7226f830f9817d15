import Foundation
import LegibleHandwriting
import LegibleSystem

extension NetworkTrainer {
    /// Writes the trainer's files, the model, the lines and the job into `folder`.
    static func prepare(
        model: [UInt8], training: [Line], aside: [Line], settings: Settings, folder: String, seconds: Double
    ) throws(Failure) {
        var outputs = sources(in: folder)
        let job: [String: Any] = [
            "seed": settings.seed, "deadline": deadline(after: seconds), "steps": settings.steps, "threads": settings.threads,
            "batch": settings.batch,
            "rate": settings.rate, "pull": settings.pull, "trained": settings.layers.rawValue, "every": settings.every,
            "patience": settings.patience, "pixels": settings.pixels, "refit": settings.refit, "average": settings.average,
            "parent": Int(getpid()),
        ]
        outputs += [
            AtomicFile.Output(path: folder + "/model.onnx", bytes: Data(model)),
            AtomicFile.Output(path: folder + "/train.lines", bytes: Data(encoded(training))),
            AtomicFile.Output(path: folder + "/aside.lines", bytes: Data(encoded(aside))),
            AtomicFile.Output(path: folder + "/job.json", bytes: (try? JSONSerialization.data(withJSONObject: job)) ?? Data()),
        ]
        do { try AtomicFile.commit(outputs) } catch {
            throw Failure(kind: .noRoom, description: "\(folder): the trainer's files cannot be written (\(error.description))")
        }
    }

    /// `seconds` from now on CLOCK_MONOTONIC, the clock Python's `time.monotonic()` reads: a
    /// child's deadline, fixed before it starts, so that its start and PyTorch's import (a
    /// second or more) count against the time it was given.
    static func deadline(after seconds: Double) -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 + seconds
    }

    /// The trainer's code as it was built (``TrainerSource``), to be written into `folder`.
    static func sources(in folder: String) -> [AtomicFile.Output] {
        TrainerSource.files.compactMap { file in
            Data(base64Encoded: file.base64).map { AtomicFile.Output(path: folder + "/" + file.name, bytes: $0) }
        }
    }

    /// `lines` as the trainer reads them (`Trainer/legible_train.py`): `LEGLINES1`, a count, then
    /// each line's width, label count, labels and its 48 × width values, all little-endian.
    static func encoded(_ lines: [Line]) -> [UInt8] {
        var bytes = Array("LEGLINES1".utf8) + NetworkWeights.word(lines.count)
        for line in lines {
            bytes += NetworkWeights.word(line.tensor.width) + NetworkWeights.word(line.labels.count)
            for label in line.labels { bytes += NetworkWeights.word(label) }
            for value in line.tensor.plane {
                bytes += NetworkWeights.word(Int(value.bitPattern))
            }
        }
        return bytes
    }

    /// Runs the child `script` (one of ``TrainerSource``'s files) in `folder` until it ends,
    /// stopping it a minute past `seconds` (it stops itself at `seconds`); its measures, in order.
    static func run(
        _ script: String = "legible_train.py", folder: String, python: String, seconds: Double, progress: (Progress) -> Void
    ) throws(Failure) -> [Progress] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        // -I: no PYTHON* variables, no user site, no script folder on the path; -B: nothing
        // written beside the code.
        process.arguments = ["-I", "-B", folder + "/" + script, folder]
        process.environment = environment(home: folder)
        let (log, errors) = (folder + "/progress.log", folder + "/trainer.log")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        guard let output = FileHandle(forWritingAtPath: log), let error = FileHandle(forWritingAtPath: errors) else {
            throw Failure(kind: .noRoom, description: "\(folder): the trainer's log cannot be written")
        }
        defer {
            try? output.close()
            try? error.close()
        }
        (process.standardOutput, process.standardError, process.standardInput) = (output, error, FileHandle.nullDevice)
        do { try process.run() } catch {
            throw Failure(kind: .missingRuntime, description: "cannot run \(python): the trainer needs Debian's python3 and python3-torch")
        }
        var measures: [Progress] = []
        // The child stops itself in time; past a minute more it is stopped, and what it kept
        // (written whole, by rename) is used.
        let deadline = Date(timeIntervalSinceNow: seconds + 60)
        var stopped = false
        while process.isRunning {
            if !stopped, Date() > deadline {
                process.terminate()
                stopped = true
            }
            usleep(200_000)
            measures += newMeasures(in: log, after: measures.count).map {
                progress($0)
                return $0
            }
        }
        process.waitUntilExit()
        measures += newMeasures(in: log, after: measures.count).map {
            progress($0)
            return $0
        }
        if !stopped { try check(process.terminationStatus, log: errors) }
        return measures
    }

    /// The measures in the progress log past the first `count`.
    static func newMeasures(in log: String, after count: Int) -> [Progress] {
        // The part after the last line break is a line still being written, or nothing.
        let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast()
        return lines.dropFirst(count).compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 8, parts[0] == "step", let step = Int(parts[1]), let now = Double(parts[3]), let best = Double(parts[5]),
                let seconds = Double(parts[7])
            else { return nil }
            return Progress(step: step, asideError: now, bestError: best, seconds: seconds)
        }
    }

    /// The steps of the refit the progress log reports (`refit N steps seconds T`), or 0.
    static func refitSteps(in log: String) -> Int {
        let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
        return lines.compactMap { line -> Int? in
            let parts = line.split(separator: " ")
            return parts.count == 5 && parts[0] == "refit" ? Int(parts[1]) : nil
        }.last ?? 0
    }

    /// The child's end as a failure, when it failed: 69 a missing runtime, 75 out of time, a full
    /// disk no room, anything else its last line of errors.
    static func check(_ status: Int32, log: String) throws(Failure) {
        guard status != 0 else { return }
        let said = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").last.map(String.init) ?? ""
        if status == 69 {
            throw Failure(
                kind: .missingRuntime, description: "the trainer needs Debian's python3-torch (\(said)); run Tools/install-dependencies")
        }
        if status == 75 { throw Failure(kind: .outOfTime, description: "the trainer ran out of time (\(said))") }
        if said.contains("No space left on device") || said.contains("File too large") {
            throw Failure(kind: .noRoom, description: "no room left to train in (\(said))")
        }
        throw Failure(kind: .failed, description: "the trainer failed (status \(status)): \(said)")
    }
}
