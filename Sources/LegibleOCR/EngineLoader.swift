import Foundation

/// Loads a Tesseract engine on a thread of its own, so that a page is decoded and prepared
/// while the model loads (`Docs/Recognition.md`, "Speed and memory"): the two took about
/// 0.1 s each, one after the other, in every single-page run.
final class EngineLoader: @unchecked Sendable {
    private let condition = NSCondition()
    private var loaded: Result<TesseractAPI, Error>?

    /// Starts loading `languages` from `dataPath`.
    init(dataPath: String, languages: String) {
        let thread = Thread { [self] in
            let result = Result { try TesseractAPI(dataPath: dataPath, languages: languages) }
            condition.lock()
            loaded = result
            condition.broadcast()
            condition.unlock()
        }
        // Tesseract's initialisation recurses deeply enough to need a main thread's stack.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The engine, once loaded; waits for it.
    /// - Throws: ``OCRError/engine(function:detail:)`` when it could not be loaded.
    func engine() throws -> TesseractAPI {
        condition.lock()
        defer { condition.unlock() }
        while loaded == nil { condition.wait() }
        return try loaded!.get()
    }
}
