import Chapter04Animation
import Foundation
import Stage
import Testing

@Suite("Exercise 4.10: Time-outs and retries")
struct Ex10_RetryingTests {
    /// A world on a virtual clock whose operation behaves, attempt by attempt, as told.
    final class World: Sendable {
        let clock = VirtualClock()
        let log = Locked<[String]>([])
        let outcomes = Locked<[Outcome]>([])

        func note(_ line: String) { log.withLock { $0.append("\(clock.now.stageText) s: \(line)") } }

        /// Attempt n takes `plan[n - 1].seconds` and then reports `plan[n - 1].outcome`;
        /// `ignoresCancel` attempts report anyway.
        func operation(_ plan: [(seconds: Double, outcome: Outcome)], ignoresCancel: Bool = false) -> AsyncOperation {
            let attempts = Locked(0)
            return { [self] _, _, done in
                let number = attempts.withLock { $0 += 1; return $0 }
                let (seconds, outcome) = plan[min(number, plan.count) - 1]
                note("attempt \(number) starts")
                let ticket = clock.schedule(after: seconds) { done?(outcome) }
                return { [self] in
                    note("attempt \(number) cancelled")
                    if !ignoresCancel { _ = clock.cancel(ticket) }
                }
            }
        }

        var done: DoneHandler { { [self] outcome in note("done: \(outcome)"); outcomes.withLock { $0.append(outcome) } } }
        var cancelled: CancelHandler { { [self] in note("cancelled") } }
    }

    @Test("finishes with the first attempt that finishes")
    func firstTime() {
        let world = World()
        _ = retrying(world.operation([(1, .finished)]), attempts: 3, timeout: 5, clock: world.clock)(nil, nil, world.done)
        world.clock.advance(by: 10)
        #expect(world.log.value == ["0 s: attempt 1 starts", "1 s: done: finished"], "\(world.log.value)")
    }

    @Test("tries again after a failure, at once")
    func retriesFailures() {
        let world = World()
        let plan: [(seconds: Double, outcome: Outcome)] = [(1, .failed("A")), (1, .failed("B")), (1, .finished)]
        _ = retrying(world.operation(plan), attempts: 3, timeout: 5, clock: world.clock)(nil, nil, world.done)
        world.clock.advance(by: 10)
        #expect(world.log.value == ["0 s: attempt 1 starts", "1 s: attempt 2 starts", "2 s: attempt 3 starts", "3 s: done: finished"],
                "\(world.log.value)")
    }

    @Test("gives up after the last attempt, with its reason")
    func givesUp() {
        let world = World()
        let plan: [(seconds: Double, outcome: Outcome)] = [(1, .failed("A")), (1, .failed("B")), (1, .finished)]
        _ = retrying(world.operation(plan), attempts: 2, timeout: 5, clock: world.clock)(nil, nil, world.done)
        world.clock.advance(by: 10)
        #expect(world.outcomes.value == [.failed("B")], "done reported \(world.outcomes.value); expected once, the second attempt's failure")
        #expect(world.log.value.filter { $0.contains("starts") }.count == 2, "\(world.log.value)")
    }

    @Test("cancels an attempt that runs out of time, and ignores what it says later")
    func timesOut() {
        let world = World()
        _ = retrying(world.operation([(5, .finished)], ignoresCancel: true), attempts: 2, timeout: 2, clock: world.clock)(nil, nil, world.done)
        world.clock.advance(by: 20)
        #expect(world.log.value == [
            "0 s: attempt 1 starts", "2 s: attempt 1 cancelled", "2 s: attempt 2 starts", "4 s: attempt 2 cancelled",
            "4 s: done: failed (timed out after 2 s)",
        ], "\(world.log.value)")
        #expect(world.outcomes.value.count == 1, "done was called \(world.outcomes.value.count) times; the late reports must be ignored")
    }

    @Test("stops at a cancel: the attempt cancelled, then cancelled and done, and no retry")
    func cancel() {
        let world = World()
        let stop = retrying(world.operation([(3, .failed("A")), (1, .finished)]), attempts: 3, timeout: 5, clock: world.clock)(nil, world.cancelled, world.done)
        world.clock.advance(by: 1)
        stop()
        stop()
        world.clock.advance(by: 10)
        #expect(world.log.value == ["0 s: attempt 1 starts", "1 s: attempt 1 cancelled", "1 s: cancelled", "1 s: done: cancelled"],
                "\(world.log.value)")
    }

    @Test("copes with attempts that report before they return (an edge case)")
    func synchronous() {
        let world = World()
        let attempts = Locked(0)
        let immediate: AsyncOperation = { _, _, done in
            let number = attempts.withLock { $0 += 1; return $0 }
            done?(number < 3 ? .failed("not yet") : .finished)
            return {}
        }
        _ = retrying(immediate, attempts: 5, timeout: 1, clock: world.clock)(nil, nil, world.done)
        world.clock.advance(by: 5)
        #expect(world.outcomes.value == [.finished] && attempts.value == 3,
                "done reported \(world.outcomes.value) after \(attempts.value) attempts; expected finished, once, after 3")
    }
}
