import Foundation
import LegibleImage
import LegibleLayout
import LegibleSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A model tried in a bounded child before this process loads it (`Docs/Hardening.md`,
/// "Models that crash Tesseract"). Anyone can write a model and a record that names it, and
/// libtesseract does not survive a damaged network: a sound table of contents over a zeroed
/// LSTM component fails an assertion in `TessBaseAPIInit` and aborts the process. So the
/// model's checked bytes are written to a private folder, and this executable, started again
/// as ``trialCommand``, caps its own memory and processor time, loads them into Tesseract and
/// reads one drawn line with them. Only when it says so is the model loaded here, from the same
/// bytes; otherwise it is refused (65) with one line.
extension AdaptedModel {
    /// The hidden first argument that makes an executable try one model.
    public static let trialCommand = "__legible-model-trial"
    /// The most memory the trial may take, in bytes (`RLIMIT_DATA`): tessdata_best's `fra`
    /// loads and reads in well under 200 MB; a damaged one asked for up to 4.2 GB.
    static let trialMemoryBytes = 1 << 30
    /// The most time the trial may take, in seconds of processor time and of wall time.
    static let trialSeconds = 60.0
    /// What the trial writes when the model loaded and read.
    static let trialAnswer = "read\n"

    /// Tries the model in a child of `executable`; returns when it loaded and read a line there.
    /// - Throws: a refusal naming ``path`` when the child stopped on a signal, ran out of
    ///   time, or could not load the model; or when no child could be started.
    public func tried(executable: String) throws(Refusal) {
        let folder: String
        do {
            folder = try TemporaryFolder.make(prefix: "legible-model-trial")
            try AtomicFile.commit([.init(path: folder + "/model.traineddata", bytes: Data(model))])
        } catch {
            throw Refusal(missing: false, description: "\(path): cannot be tried before it is loaded (\(error))")
        }
        defer { TemporaryFolder.remove(folder) }
        let outcome = Self.runTrial(executable: executable, model: folder + "/model.traineddata")
        switch outcome {
        case .read: return
        case .refused:
            throw Refusal(
                missing: false, description: "\(path): Tesseract cannot load its network, so it is not a model legible adapt made")
        case .signalled(let signal):
            throw Refusal(
                missing: false,
                description: "\(path): its network is damaged (Tesseract stopped on signal \(signal) loading it, in a process of its own)")
        case .pastDeadline:
            throw Refusal(
                missing: false, description: "\(path): loading it took longer than \(Int(Self.trialSeconds)) s, so it is not loaded")
        case .notStarted(let reason):
            throw Refusal(missing: false, description: "\(path): cannot be tried before it is loaded (\(reason))")
        }
    }

    /// How a trial ended.
    enum TrialOutcome: Equatable {
        case read, refused, pastDeadline
        case signalled(Int32)
        case notStarted(String)
    }

    /// Runs the trial child on the model file at `model` and waits for it, at most
    /// ``trialSeconds`` of wall time.
    static func runTrial(executable: String, model: String) -> TrialOutcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [trialCommand, model]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        do {
            try process.run()
        } catch {
            return .notStarted("\(error)")
        }
        if ended.wait(timeout: .now() + trialSeconds) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
            return .pastDeadline
        }
        let answer = (try? output.fileHandleForReading.readToEnd()) ?? nil
        if process.terminationReason == .uncaughtSignal { return .signalled(process.terminationStatus) }
        return process.terminationStatus == 0 && answer == Data(trialAnswer.utf8) ? .read : .refused
    }

    /// The child's side: `arguments` are those after ``trialCommand`` (the model file). Caps
    /// this process, loads the model and reads one drawn line with it. Returns the exit status:
    /// 0 once ``trialAnswer`` is written, 64 for other arguments, 65 when Tesseract refused it.
    public static func serveTrial(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1 else { return 64 }
        ProcessLimits.cap(memoryBytes: trialMemoryBytes, seconds: trialSeconds)
        // A file that is not a model with an LSTM network is refused before Tesseract sees it;
        // what passes and still crashes Tesseract ends this process, which is the trial's answer.
        guard let bytes = try? TrustedFile.open(arguments[0], what: "the model", limit: maximumModelBytes).bytes(),
            TrainedDataCheck.problem(in: bytes) == nil, TrainedDataCheck.hasComponent(TrainedDataCheck.lstmComponent, in: bytes),
            let api = try? TesseractAPI(model: bytes), let line = trialLine()
        else { return 65 }
        let box = PixelBox(x: 0, y: 0, width: Double(trialSize.width), height: Double(trialSize.height))
        guard (try? api.recogniseEach(line, resolution: 300, deadline: trialSeconds, rectangles: [box])) != nil else { return 65 }
        return (try? FileDescriptor.standardOutput.writeAll(Data(trialAnswer.utf8))) == nil ? 74 : 0
    }

    /// The line the trial reads: strokes like letters on white, `trialSize` pixels.
    static func trialLine() -> PixImage? {
        let (width, height) = trialSize
        var pixels = [UInt8](repeating: 255, count: width * height)
        for x in stride(from: 12, to: width - 12, by: 14) {
            for y in 14..<(height - 12) { pixels[y * width + x] = 0 }
            for y in 14..<(height - 12) where (y + x) % 5 == 0 { pixels[y * width + x + 3] = 0 }
            for dx in 0..<8 { pixels[(height - 12) * width + x + dx] = 0 }
        }
        return Leptonica.greyImage(width: width, height: height, pixels: pixels)
    }

    /// The trial line's width and height in pixels.
    static let trialSize = (width: 320, height: 56)
}
