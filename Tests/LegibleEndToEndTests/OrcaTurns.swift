import Synchronization

/// Turns for real-Orca sessions: at most two at once (`Docs/Orca.md`, "What `OrcaTests`
/// asserts"). Each session has its own display, buses, speech-dispatcher and home, so two do
/// not hear each other. Most of a session is Orca waiting for speech to settle: two at once took
/// the nine sessions from 415 s to 225–233 s; three took 214 s, little more, so two it is.
final class OrcaTurns: Sendable {
    /// The test run's turns.
    static let shared = OrcaTurns(count: 2)

    private let state: Mutex<(free: Int, waiting: [CheckedContinuation<Void, Never>])>

    init(count: Int) { state = Mutex((count, [])) }

    /// Waits for a turn, then for the rest of the run to settle; the turn ends with ``end()``.
    static func take() async -> OrcaTurns {
        await shared.begin()
        await QuietTestRun.wait()
        return shared
    }

    /// Waits until fewer than the turns' count are taken, and takes one.
    func begin() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                guard state.free == 0 else {
                    state.free -= 1
                    return true
                }
                state.waiting.append(waiter)
                return false
            }
            if now { waiter.resume() }
        }
    }

    /// Gives the turn to the next session waiting, if any.
    func end() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
