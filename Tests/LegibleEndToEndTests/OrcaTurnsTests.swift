import Synchronization
import Testing

/// `OrcaTurns` itself, with no Orca: it is what keeps sessions to two at once.
@Suite("turns for real-Orca sessions")
struct OrcaTurnsTests {
    @Test("eight sessions taking two turns: never more than two at once, and each one gets a turn")
    func twoAtOnce() async {
        let turns = OrcaTurns(count: 2)
        let held = Held()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    await turns.begin()
                    held.state.withLock {
                        $0.now += 1; $0.most = max($0.most, $0.now)
                    }
                    try? await Task.sleep(nanoseconds: 20_000_000)
                    held.state.withLock {
                        $0.now -= 1; $0.done += 1
                    }
                    turns.end()
                }
            }
        }
        let (most, done) = held.state.withLock { ($0.most, $0.done) }
        #expect(most == 2 && done == 8, "at most \(most) at once, \(done) of 8 done")
    }

    /// How many hold a turn now, the most that held one at once, and how many are done.
    final class Held: Sendable {
        let state = Mutex((now: 0, most: 0, done: 0))
    }
}
