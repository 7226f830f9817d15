import Foundation
import LegibleOCR

/// Engines kept until the process exits (`Docs/Recognition.md`, "Speed and memory"). Tearing
/// an engine down frees its model piece by piece, which took 7 ms at the end of every
/// single-page ingest of about 0.3 s; at exit the system takes the whole process back at once.
/// Only the CLI parks engines: a long-lived user of ``Recogniser`` frees them as usual.
///
/// Before the process exits, ``settle()`` waits for every parked engine's thread to finish
/// loading, so that exit never frees a library's globals under it.
enum EngineParking {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var engines: [Recogniser] = []

    /// Keeps `engine` (if any) alive until the process exits.
    static func park(_ engine: Recogniser?) {
        guard let engine else { return }
        lock.lock()
        defer { lock.unlock() }
        if !engines.contains(where: { $0 === engine }) { engines.append(engine) }
    }

    /// Waits until every parked engine has finished loading (``Recogniser/finishLoading()``).
    static func settle() {
        lock.lock()
        let parked = engines
        lock.unlock()
        for engine in parked { engine.finishLoading() }
    }
}
