import Chapter04Animation
import Foundation
import Stage
import Testing

@Suite("Exercise 4.10: Time-outs and retries")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct Ex10_RetryingTests {
    /// A world on a virtual clock whose operation behaves, attempt by attempt, as told.
    final class World: Sendable {
        let clock = VirtualClock()
        let log = Locked<[String]>([])
        let outcomes = Locked<[Outcome]>([])

        func note(_ line: String) { log.withLock { $0.append("\(clock.now.stageText) s: \(line)") } }

        /// Attempt n takes `plan[n - 1].seconds` and then reports `plan[n - 1].outcome`;
        /// `ignoresCancel` attempts report anyway; `reportsCancel` ones answer a cancel
        /// with `.cancelled` at once, as the chapter's `sequence` does. `onStart` runs
        /// as attempt n starts, before it returns its cancel closure; `onReport` just
        /// before attempt n reports, when its time is up.
        func operation(_ plan: [(seconds: Double, outcome: Outcome)], ignoresCancel: Bool = false, reportsCancel: Bool = false,
                       onStart: @escaping @Sendable (Int) -> Void = { _ in },
                       onReport: @escaping @Sendable (Int) -> Void = { _ in }) -> AsyncOperation {
            let attempts = Locked(0)
            return { [self] _, _, done in
                let number = attempts.withLock { $0 += 1; return $0 }
                let (seconds, outcome) = plan[min(number, plan.count) - 1]
                note("attempt \(number) starts")
                let ticket = clock.schedule(after: seconds) { onReport(number); done?(outcome) }
                onStart(number)
                return { [self] in
                    note("attempt \(number) cancelled")
                    if !ignoresCancel { _ = clock.cancel(ticket) }
                    if reportsCancel { done?(.cancelled) }
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
        let cancels = Locked(0)
        let immediate: AsyncOperation = { _, _, done in
            let number = attempts.withLock { $0 += 1; return $0 }
            done?(number < 3 ? .failed("not yet") : .finished)
            return { cancels.withLock { $0 += 1 } }
        }
        _ = retrying(immediate, attempts: 5, timeout: 1, clock: world.clock)(nil, nil, world.done)
        world.clock.advance(by: 5)
        #expect(world.outcomes.value == [.finished] && attempts.value == 3,
                "done reported \(world.outcomes.value) after \(attempts.value) attempts; expected finished, once, after 3")
        #expect(cancels.value == 0,
                "attempts that had already reported, with no time-out and no cancel, were cancelled \(cancels.value) time(s); expected never")
    }

    @Test("ignores the .cancelled an attempt reports when its time-out cancels it")
    func timeOutOfAnAttemptThatReportsItsCancel() {
        let world = World()
        _ = retrying(world.operation([(5, .finished)], reportsCancel: true), attempts: 2, timeout: 2, clock: world.clock)(nil, nil, world.done)
        world.clock.advance(by: 20)
        #expect(world.log.value == [
            "0 s: attempt 1 starts", "2 s: attempt 1 cancelled", "2 s: attempt 2 starts", "4 s: attempt 2 cancelled",
            "4 s: done: failed (timed out after 2 s)",
        ], "attempts that answer their cancel with .cancelled, timed out after 2 s each, gave \(world.log.value); expected one attempt after each time-out, and the time-out as the reason")
        #expect(world.outcomes.value.count == 1, "done was called \(world.outcomes.value.count) times; expected once")
    }

    @Test("cancels the attempt that is starting when the cancel comes as it starts")
    func cancelWhileStarting() {
        let world = World()
        let stop = Locked<Cancel?>(nil)
        let operation = world.operation([(1, .failed("A")), (1, .finished)]) { number in
            if number == 2 { stop.value?() }
        }
        stop.withLock { $0 = retrying(operation, attempts: 3, timeout: 5, clock: world.clock)(nil, world.cancelled, world.done) }
        world.clock.advance(by: 10)
        let log = world.log.value
        #expect(log.contains("1 s: attempt 2 cancelled"),
                "a cancel that came while attempt 2 was starting, before it had returned its cancel closure, left it running: \(log)")
        #expect(!log.contains("1 s: attempt 1 cancelled"),
                "attempt 1, which had already failed, was cancelled when the cancel came during attempt 2's start: \(log)")
        #expect(world.outcomes.value == [.cancelled] && log.contains("1 s: cancelled") && !log.contains { $0.contains("attempt 3") },
                "a cancel while attempt 2 was starting gave \(log); expected cancelled, then done(.cancelled), once, and no attempt 3")
    }

    @Test("does nothing at a cancel after done")
    func cancelAfterDone() {
        let world = World()
        let stop = retrying(world.operation([(1, .finished)]), attempts: 3, timeout: 5, clock: world.clock)(nil, world.cancelled, world.done)
        world.clock.advance(by: 2)
        stop()
        #expect(world.log.value == ["0 s: attempt 1 starts", "1 s: done: finished"],
                "a cancel at 2 s, after the run finished at 1 s, gave \(world.log.value); expected nothing more")

        let givenUp = World()
        let stopGivenUp = retrying(givenUp.operation([(1, .failed("A"))]), attempts: 1, timeout: 5, clock: givenUp.clock)(nil, givenUp.cancelled, givenUp.done)
        givenUp.clock.advance(by: 2)
        stopGivenUp()
        #expect(givenUp.outcomes.value == [.failed("A")] && !givenUp.log.value.contains("2 s: cancelled"),
                "a cancel at 2 s, after the run gave up at 1 s, gave \(givenUp.log.value); expected nothing more")
    }

    /// Whether the same cancel, made with no other caller let in between the run's locks,
    /// comes out right: only then is a failure with the caller let in named the gap's doing.
    func rightWithoutIntruder(_ scenario: (World) -> Bool) -> Bool { scenario(World()) }

    /// Runs `scenario` with the intruder at the 1st, 2nd, … unlock after `moment` until it
    /// no longer gets in (the run let go of its locks fewer times), checking each run
    /// with `check`. 60 is far more gaps than any of these runs has.
    func everyGap(after moment: String, _ scenario: (LockIntruder) -> World, check: (Int, World) -> Void) {
        for k in 1...60 {
            let intruder = LockIntruder(at: k)
            let world = scenario(intruder)
            guard intruder.fired.value else {
                #expect(k > 1, "no lock made by the `locks` given to retrying was let go after \(moment): keep the run's state in a lock made with locks.make(…), so the tests can let a cancel in between two of its critical sections")
                return
            }
            check(k, world)
        }
    }

    @Test("a cancel that comes whenever the lock is let go as an attempt fails and the next starts ends the run, and any attempt still starting is cancelled")
    func cancelInEveryGapBetweenAttempts() {
        let cancelsAttempt2 = rightWithoutIntruder { world in
            let stop = retrying(world.operation([(1, .failed("A")), (1, .finished)]), attempts: 3, timeout: 5, clock: world.clock)(
                nil, world.cancelled, world.done)
            world.clock.advance(to: 1.5)
            stop()
            world.clock.advance(by: 10)
            return world.log.value.contains("1.5 s: attempt 2 cancelled") && world.outcomes.value == [.cancelled]
        }
        everyGap(after: "attempt 1 failed") { intruder in
            let world = World()
            let operation = world.operation([(1, .failed("A")), (1, .finished)], onReport: { number in
                world.note("attempt \(number) reports")
                if number == 1 { intruder.arm() }
            })
            let stop = retrying(operation, attempts: 3, timeout: 5, clock: world.clock, locks: intruder.locks)(nil, world.cancelled, world.done)
            intruder.call.withLock { $0 = { world.note("the caller cancels"); stop() } }
            world.clock.advance(by: 10)
            return world
        } check: { k, world in
            let log = world.log.value.map { $0.split(separator: ":", maxSplits: 1).last.map { $0.dropFirst() }.map(String.init) ?? $0 }
            let cancelAt = log.firstIndex(of: "the caller cancels") ?? log.count
            let reportedBeforeCancel = log[..<cancelAt].contains("attempt 2 reports")
            #expect(world.outcomes.value.count == 1,
                    "attempt 1 failed at 1 s, and another caller cancelled the run the \(k). time a lock was let go after that: done was called \(world.outcomes.value.count) times (\(world.log.value)); expected once")
            if !reportedBeforeCancel {
                #expect(world.outcomes.value == [.cancelled] && log.filter { $0 == "cancelled" }.count == 1,
                        "a cancel the \(k). time a lock was let go after attempt 1 failed, before attempt 2 finished, gave \(world.log.value); expected cancelled, then done(.cancelled), once")
            }
            #expect(!log.contains("attempt 3 starts"), "a cancel the \(k). time a lock was let go after attempt 1 failed gave \(world.log.value); no attempt may follow a cancel")
            // An attempt that was running at the cancel, or was being started when it came,
            // must be cancelled: nothing else will ever stop it.
            for attempt in 1...2 {
                guard let start = log.firstIndex(of: "attempt \(attempt) starts") else { continue }
                let reportedFirst = log[..<cancelAt].contains("attempt \(attempt) reports")
                guard !reportedBeforeCancel, !reportedFirst else { continue }
                #expect(log.contains("attempt \(attempt) cancelled"),
                        Comment(rawValue: "another caller cancelled the run the \(k). time a lock was let go after attempt 1 failed, and attempt \(attempt), \(start > cancelAt ? "started after that cancel" : "running then"), was never cancelled: \(world.log.value)"
                            + (cancelsAttempt2 ? ". A cancel at 1.5 s, with nobody let in, does cancel attempt 2, so this one came in between a check under one withLock and the act under the next; check and act under one withLock, or look again once the attempt has returned its cancel closure" : "")))
            }
        }
    }

    @Test("a cancel that comes whenever the lock is let go as the last attempt finishes still leaves one done")
    func cancelInEveryGapOfTheFinish() {
        let oneDoneEitherWay = [0.5, 2].allSatisfy { at in
            rightWithoutIntruder { world in
                let stop = retrying(world.operation([(1, .finished)]), attempts: 3, timeout: 5, clock: world.clock)(nil, world.cancelled, world.done)
                world.clock.advance(to: at)
                stop()
                world.clock.advance(by: 10)
                return world.outcomes.value.count == 1
            }
        }
        everyGap(after: "attempt 1 finished") { intruder in
            let world = World()
            let operation = world.operation([(1, .finished)], onReport: { _ in intruder.arm() })
            let stop = retrying(operation, attempts: 3, timeout: 5, clock: world.clock, locks: intruder.locks)(nil, world.cancelled, world.done)
            intruder.call.withLock { $0 = stop }
            world.clock.advance(by: 10)
            return world
        } check: { k, world in
            let outcomes = world.outcomes.value, cancels = world.log.value.filter { $0.hasSuffix(" s: cancelled") }.count
            #expect(outcomes == [.finished] && cancels == 0 || outcomes == [.cancelled] && cancels == 1,
                    Comment(rawValue: "attempt 1 finished at 1 s, and another caller cancelled the run the \(k). time a lock was let go after that: the run gave \(world.log.value); expected done once, either finished (the cancel came too late) or cancelled after cancelled"
                        + (oneDoneEitherWay && outcomes.count > 1 ? ". A cancel before the finish or after it, with nobody let in, gives one done, so this one came in between a check under one withLock and its act under the next, and both ended the run; check and act under one withLock" : "")))
        }
    }

    @Test("a second cancel that comes whenever the first lets go of the lock changes nothing: cancelled and done come once")
    func secondCancelInEveryGap() {
        let expected = ["0 s: attempt 1 starts", "1 s: attempt 1 cancelled", "1 s: cancelled", "1 s: done: cancelled"]
        let twoCancelsOneAfterTheOther = rightWithoutIntruder { world in
            let stop = retrying(world.operation([(3, .failed("A"))]), attempts: 3, timeout: 5, clock: world.clock)(nil, world.cancelled, world.done)
            world.clock.advance(by: 1)
            stop()
            stop()
            world.clock.advance(by: 10)
            return world.log.value == expected
        }
        everyGap(after: "the first cancel began") { intruder in
            let world = World()
            let stop = retrying(world.operation([(3, .failed("A"))]), attempts: 3, timeout: 5, clock: world.clock, locks: intruder.locks)(
                nil, world.cancelled, world.done)
            intruder.call.withLock { $0 = stop }
            world.clock.advance(by: 1)
            intruder.arm()
            stop()
            world.clock.advance(by: 10)
            return world
        } check: { k, world in
            #expect(world.log.value == expected,
                    Comment(rawValue: "a cancel at 1 s, and another one the \(k). time a lock was let go after the first began, gave \(world.log.value); expected the attempt cancelled, cancelled and done(.cancelled), once each"
                        + (twoCancelsOneAfterTheOther ? ". Two cancels one after the other, with nobody let in, give that, so the second came in between a check under one withLock and the act under the next; check and act under one withLock" : "")))
        }
    }
}
