import Foundation
import LegibleSystem

/// A one-line progress bar on stderr, drawn only when stderr is a terminal. Workers advance it
/// from their own threads.
package final class Progress: @unchecked Sendable {
    // Sendable by its lock, which guards `done` and every redraw.
    private let total: Int
    private let enabled: Bool
    private var done = 0
    private let lock = NSLock()

    /// A bar for `total` pages, drawn only when `enabled`.
    package init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    /// Counts one more page done, named `label`, and redraws the bar.
    package func advance(label: String) {
        lock.withLock {
            done += 1
            guard enabled else { return }
            let width = 30
            let filled = total == 0 ? width : width * done / total
            let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
            Console.messageBytes("\r[\(bar)] \(done)/\(total) \(TerminalText.escaped(String(label.prefix(40))))\u{1B}[K")
        }
    }

    /// Ends the bar's line.
    package func finish() {
        guard enabled else { return }
        Console.messageBytes("\n")
    }
}
