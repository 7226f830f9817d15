import Foundation

// The workers' shared state. Each class guards every stored property with its lock, which the
// compiler cannot check: `Mutex` would, but it needs macOS 15, and the package supports 13.

/// Collects worker results by image index, the readers the workers used, and the first error
/// the workers met outside a page (writing the manifest).
final class OutcomeStore: @unchecked Sendable {
    private var outcomes: [PageOutcome?]
    private var errors: [any Error] = []
    private var kept: [any PageReader] = []
    private let lock = NSLock()

    init(count: Int) { outcomes = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ outcome: PageOutcome) { lock.withLock { outcomes[index] = outcome } }

    func record(error: (any Error)?) {
        guard let error else { return }
        lock.withLock { errors.append(error) }
    }

    /// Keeps a worker's reader for the report, once.
    func keep(_ reader: (any PageReader)?) {
        guard let reader else { return }
        lock.withLock { if !kept.contains(where: { $0 === reader }) { kept.append(reader) } }
    }

    var firstError: (any Error)? { lock.withLock { errors.first } }
    var all: [PageOutcome] { lock.withLock { outcomes.compactMap { $0 } } }
    var readers: [any PageReader] { lock.withLock { kept } }
}

/// Hands out image indices to worker threads in a given order.
final class WorkQueue: @unchecked Sendable {
    private var position = 0
    private let order: [Int]
    private let lock = NSLock()

    init(order: [Int]) { self.order = order }

    func next() -> Int? {
        lock.withLock {
            guard position < order.count else { return nil }
            defer { position += 1 }
            return order[position]
        }
    }
}
