import Foundation

/// Loads a Tesseract engine on a thread of its own, so that a page is decoded and prepared
/// while the model loads, rather than one after the other. The same thread then hashes the
/// model file for the page documents, after the engine is handed over, while the page is being
/// read, rather than holding the page back. What each saved: `Docs/Recognition.md`, "Speed and
/// memory".
///
/// Sendable by its condition, under which every stored result is written and read.
final class EngineLoader: @unchecked Sendable {
    private let condition = NSCondition()
    private var loaded: Result<TesseractAPI, Error>?
    private var hashed: String??

    /// Starts loading `languages` from `dataPath`, then hashing `model` (nil: no hash).
    init(dataPath: String, languages: String, model: String?) {
        let thread = Thread { [self] in
            let engine = Result { try TesseractAPI(dataPath: dataPath, languages: languages) }
            publish { $0.loaded = engine }
            let hash = model.flatMap(ModelHashes.shared.hash(ofFileAt:))
            publish { $0.hashed = .some(hash) }
        }
        // Tesseract's initialisation recurses deeply enough to need a main thread's stack.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The engine, once loaded; waits for it.
    /// - Throws: ``OCRError/engine(function:detail:)`` when it could not be loaded.
    func engine() throws -> TesseractAPI {
        try wait { $0.loaded }.get()
    }

    /// The model file's SHA-256 (lower-case hex), nil when it could not be read; waits for it.
    /// The thread has finished its work once this returns.
    func modelSHA256() -> String? {
        wait { $0.hashed }
    }

    private func publish(_ change: (EngineLoader) -> Void) {
        condition.lock()
        change(self)
        condition.broadcast()
        condition.unlock()
    }

    private func wait<Value>(for value: (EngineLoader) -> Value?) -> Value {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let ready = value(self) { return ready }
            condition.wait()
        }
    }
}
