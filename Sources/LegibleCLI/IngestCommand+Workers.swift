import Foundation

/// Collects worker results by image index, and the first error the workers met outside an
/// image (writing the manifest).
final class OutcomeStore: @unchecked Sendable {
    private var outcomes: [IngestCommand.Outcome?]
    private var errors: [Error] = []
    private let lock = NSLock()
    init(count: Int) { outcomes = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ outcome: IngestCommand.Outcome) {
        lock.lock()
        outcomes[index] = outcome
        lock.unlock()
    }
    func record(error: Error?) {
        guard let error else { return }
        lock.lock()
        errors.append(error)
        lock.unlock()
    }
    var firstError: Error? {
        lock.lock()
        defer { lock.unlock() }
        return errors.first
    }
    var all: [IngestCommand.Outcome] {
        lock.lock()
        defer { lock.unlock() }
        return outcomes.compactMap { $0 }
    }
}

/// Hands out image indices to worker threads in a given order.
final class WorkQueue: @unchecked Sendable {
    private var position = 0
    private let order: [Int]
    private let lock = NSLock()
    init(order: [Int]) { self.order = order }
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard position < order.count else { return nil }
        defer { position += 1 }
        return order[position]
    }
}

/// A one-line progress bar on stderr, drawn only when stderr is a terminal.
final class Progress: @unchecked Sendable {
    private let total: Int
    private let enabled: Bool
    private var done = 0
    private let lock = NSLock()

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    func advance(label: String) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        guard enabled else { return }
        let width = 30
        let filled = total == 0 ? width : width * done / total
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        Console.messageBytes("\r[\(bar)] \(done)/\(total) \(TerminalText.escaped(String(label.prefix(40))))\u{1B}[K")
    }

    func finish() {
        guard enabled else { return }
        Console.messageBytes("\n")
    }
}
