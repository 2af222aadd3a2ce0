import Foundation
import Synchronization
import Testing
import Stage
import Chapter04Animation

@Suite("Exercise 4.4: A sequence of asynchronous operations")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct Ex4_SequenceTests {
    @Test("starts each step only when the one before it is done")
    func oneAfterAnother() {
        let world = World()
        _ = sequence([world.step("A", takes: 1), world.step("B", takes: 2), world.step("C", takes: 0.5)])(nil, nil, world.done)
        world.clock.runUntilIdle()
        #expect(world.starts == ["A at 0", "B at 1", "C at 3"],
                "the steps started as \(world.starts); each must start when the one before calls done")
        #expect(world.outcomes == [.finished], "done should report finished once; it reported \(world.outcomes)")
    }

    @Test("reports progress after every step, before the next one starts")
    func progressPerStep() {
        let world = World()
        _ = sequence([world.step("A", takes: 1), world.step("B", takes: 1), world.step("C", takes: 1)])(world.progress, nil, world.done)
        world.clock.runUntilIdle()
        #expect(world.log == ["start A", "end A", "progress 1/3", "start B", "end B", "progress 2/3",
                              "start C", "end C", "progress 3/3", "done finished"],
                "the events were \(world.log)")
    }

    @Test("calls done exactly once, when the last step is done")
    func doneOnce() {
        let world = World()
        _ = sequence([world.step("A", takes: 1), world.step("B", takes: 1)])(nil, nil, world.done)
        world.clock.advance(to: 1.5)
        #expect(world.outcomes.isEmpty, "done was called at 1.5 s, before the last step ended at 2 s")
        world.clock.runUntilIdle()
        #expect(world.outcomes == [.finished], "done should be called exactly once; it got \(world.outcomes)")
    }

    @Test("an empty sequence is done at once, with no progress")
    func empty() {
        let world = World()
        _ = sequence([])(world.progress, nil, world.done)
        world.clock.runUntilIdle()
        #expect(world.log == ["done finished"], "an empty sequence should just say done; the events were \(world.log)")
    }

    @Test("stops at the first step that fails and reports its failure")
    func stopsOnFailure() {
        let world = World()
        _ = sequence([world.step("A", takes: 1), world.step("B", takes: 1, ends: .failed("B broke")), world.step("C", takes: 1)])(
            world.progress, nil, world.done)
        world.clock.runUntilIdle()
        #expect(!world.log.contains("start C"), "C started after B failed: \(world.log)")
        #expect(world.outcomes == [.failed("B broke")], "done should pass on B's failure once; it got \(world.outcomes)")
        #expect(!world.log.contains("progress 2/3"), "progress reported B as completed although it failed: \(world.log)")
    }

    @Test("cancelling stops the running step, starts no later one, and is done once")
    func cancelStopsEverything() {
        let world = World()
        let cancel = sequence([world.step("A", takes: 1), world.step("B", takes: 2), world.step("C", takes: 1)])(
            nil, world.cancelled, world.done)
        world.clock.advance(to: 1.5)
        cancel()
        cancel()
        world.clock.runUntilIdle()
        #expect(world.log.filter { $0.hasPrefix("cancel B") }.count == 1, "the running step B should be cancelled once: \(world.log)")
        #expect(!world.log.contains("start C"), "C started after the sequence was cancelled: \(world.log)")
        #expect(world.outcomes == [.cancelled], "done should report cancelled once; it got \(world.outcomes)")
        #expect(world.log.filter { $0 == "cancelled" }.count == 1, "the cancelled handler should run once: \(world.log)")
        #expect(world.log.suffix(2) == ["cancelled", "done cancelled"], "done must come last, after cancelled: \(world.log)")
    }

    @Test("a cancel from the progress handler starts no later step and cancels no finished one")
    func cancelFromProgress() {
        let world = World()
        let box = Mutex<Cancel?>(nil)
        let progress: ProgressHandler = { step in
            world.append("progress \(step)")
            if step.completed == 1 { box.withLock { $0 }?() }
        }
        let cancel = sequence([world.step("A", takes: 1), world.step("B", takes: 1), world.step("C", takes: 1)])(
            progress, world.cancelled, world.done)
        box.withLock { $0 = cancel }
        world.clock.runUntilIdle()
        let expected = ["start A", "end A", "progress 1/3", "cancelled", "done cancelled"]
        #expect(world.log == expected,
                "cancelling as A's progress arrived gave the events \(world.log); expected \(expected): B must not start, and A, already finished, has nothing to cancel")
    }

    @Test("a cancel from the last step's progress report ends the run cancelled, not finished")
    func cancelFromTheLastProgress() {
        let world = World()
        let box = Mutex<Cancel?>(nil)
        let progress: ProgressHandler = { step in
            world.append("progress \(step)")
            if step.completed == 2 { box.withLock { $0 }?() }
        }
        let cancel = sequence([world.step("A", takes: 1), world.step("B", takes: 1)])(progress, world.cancelled, world.done)
        box.withLock { $0 = cancel }
        world.clock.runUntilIdle()
        let expected = ["start A", "end A", "progress 1/2", "start B", "end B", "progress 2/2", "cancelled", "done cancelled"]
        #expect(world.log == expected,
                "cancelling as the last step's progress arrived, before done, gave the events \(world.log); expected \(expected): a cancel that comes before done makes done report .cancelled, after the last step too")
    }

    @Test("a step that calls done twice, the second time whenever the lock is let go after the first, starts the next step once")
    func secondDoneInEveryGap() {
        let expected = ["start A", "progress 1/2", "start B", "end B", "progress 2/2", "done finished"]
        // The gap is named only when a second done made once the first has been handled is ignored.
        let rightOneAfterTheOther: Bool = {
            let world = World()
            let twice: AsyncOperation = { _, _, done in
                world.append("start A")
                world.clock.schedule(after: 1) {
                    done?(.finished)
                    done?(.finished)
                }
                return {}
            }
            _ = sequence([twice, world.step("B", takes: 1)])(world.progress, nil, world.done)
            world.clock.runUntilIdle()
            return world.log == expected
        }()
        for k in 1...60 {
            let world = World(), intruder = LockIntruder(at: k)
            // A breaks the contract: it calls done a second time, from "another thread",
            // while the sequence is still handling the first.
            let twice: AsyncOperation = { _, _, done in
                world.append("start A")
                world.clock.schedule(after: 1) {
                    intruder.call.withLock { $0 = { done?(.finished) } }
                    intruder.arm()
                    done?(.finished)
                }
                return {}
            }
            _ = sequence([twice, world.step("B", takes: 1)], locks: intruder.locks)(world.progress, nil, world.done)
            world.clock.runUntilIdle()
            guard intruder.fired.value else {
                #expect(k > 1, "no lock made by the `locks` given to sequence was let go after step A reported: keep the run's state in a lock made with locks.make(…), so the tests can let a report in between two of its critical sections")
                break
            }
            #expect(world.log == expected,
                    Comment(rawValue: "step A called done twice, the second time the \(k). time a lock was let go after the first, and the events were \(world.log); expected \(expected)"
                        + (rightOneAfterTheOther ? ": a second done made once the first has been handled is ignored, so this one came in between a check under one withLock and its act under the next; check that the step is still the current one and move on under one withLock" : "")))
        }
    }

    @Test("a step that reports a failure after it has finished does not end the run")
    func lateFailureIgnored() {
        let world = World()
        let finishesThenFails: AsyncOperation = { _, _, done in
            world.append("start A")
            world.clock.schedule(after: 1) { done?(.finished) }
            world.clock.schedule(after: 1.5) { done?(.failed("late")) }  // B is running by then
            return {}
        }
        _ = sequence([finishesThenFails, world.step("B", takes: 1)])(world.progress, world.cancelled, world.done)
        world.clock.runUntilIdle()
        let expected = ["start A", "progress 1/2", "start B", "end B", "progress 2/2", "done finished"]
        #expect(world.log == expected,
                "step A finished at 1 s and reported a failure at 1.5 s, while B ran; the events were \(world.log); expected \(expected): only a step's first done counts")
    }

    @Test("a step that is done as it returns, whenever a lock is let go, leaves the next step's cancel closure in place")
    func doneAsItReturnsInEveryGap() {
        for k in 1...20 {
            let world = World(), intruder = LockIntruder(at: k)
            // A reports done "from another thread" just as it returns its cancel closure.
            let a: AsyncOperation = { _, _, done in
                world.append("start A")
                intruder.call.withLock { $0 = { done?(.finished) } }
                intruder.arm()
                return { world.append("cancel A") }
            }
            let cancel = sequence([a, world.step("B", takes: 1)], locks: intruder.locks)(world.progress, world.cancelled, world.done)
            world.clock.advance(to: 0.5)
            cancel()
            world.clock.runUntilIdle()
            guard intruder.fired.value else { break }
            #expect(world.outcomes == [.cancelled],
                    "A was done the \(k). time a lock was let go after it started, and a cancel came at 0.5 s; done reported \(world.outcomes); expected [cancelled] once. The events were \(world.log)")
            if world.log.contains("start B") {
                #expect(world.log.contains("cancel B") && !world.log.contains("cancel A"),
                        "B was running when the cancel came at 0.5 s, but the events were \(world.log); expected B's cancel closure called, not A's (A had already finished)")
            }
        }
    }

    @Test("two cancels at once call the running step's cancel closure once")
    func twoCancelsAtOnce() {
        for k in 1...10 {
            let world = World(), intruder = LockIntruder(at: k)
            let box = Mutex<Cancel?>(nil)
            let cancel = sequence([world.step("A", takes: 1), world.step("B", takes: 1)], locks: intruder.locks)(
                world.progress, world.cancelled, world.done)
            box.withLock { $0 = cancel }
            world.clock.advance(to: 0.5)
            // A second cancel "from another thread", while the first is under way.
            intruder.call.withLock { $0 = { box.withLock { $0 }?() } }
            intruder.arm()
            cancel()
            world.clock.runUntilIdle()
            guard intruder.fired.value else { break }
            let cancels = world.log.filter { $0 == "cancel A" }.count
            #expect(cancels == 1 && world.outcomes == [.cancelled],
                    "two cancels at 0.5 s, the second let in the \(k). time a lock was let go, called A's cancel closure \(cancels) times and done \(world.outcomes); expected once each. The events were \(world.log)")
        }
    }

    @Test("a cancel while a step is starting cancels that step")
    func cancelWhileStarting() {
        let world = World()
        let box = Mutex<Cancel?>(nil)
        let b = world.step("B", takes: 1)
        // B asks for the cancel before it has returned its own cancel closure.
        let cancellingB: AsyncOperation = { progress, cancelled, done in
            let cancelB = b(progress, cancelled, done)
            box.withLock { $0 }?()
            return cancelB
        }
        let cancel = sequence([world.step("A", takes: 1), cancellingB, world.step("C", takes: 1)])(nil, world.cancelled, world.done)
        box.withLock { $0 = cancel }
        world.clock.runUntilIdle()
        let expected = ["start A", "end A", "start B", "cancel B", "cancelled", "done cancelled"]
        #expect(world.log == expected,
                "a cancel that came while B was starting gave the events \(world.log); expected \(expected): once B's cancel closure is known, call it")
    }

    @Test("a step that ignores cancel still ends the sequence, and nothing after it starts")
    func stubbornStep() {
        let world = World()
        let cancel = sequence([world.step("A", takes: 1, ignoresCancel: true), world.step("B", takes: 1)])(world.progress, nil, world.done)
        world.clock.advance(to: 0.5)
        cancel()
        world.clock.runUntilIdle()
        #expect(!world.log.contains("start B"), "B started although the sequence was cancelled while A ran: \(world.log)")
        #expect(world.outcomes == [.cancelled], "done should report cancelled once; it got \(world.outcomes)")
        #expect(world.log == ["start A", "cancel A", "end A", "progress 1/2", "done cancelled"],
                "A finished although it was cancelled, so it counts as completed before done reports the cancel; the events were \(world.log)")
    }

    @Test("works with steps that are done before they even return")
    func synchronousSteps() {
        let world = World()
        let cancel = sequence([world.instant("A"), world.instant("B"), world.instant("C")])(world.progress, nil, world.done)
        cancel()  // too late: everything is over
        #expect(world.log == ["start A", "progress 1/3", "start B", "progress 2/3", "start C", "progress 3/3", "done finished"],
                "the events were \(world.log)")
    }

    @Test("stops at a step that fails before it returns, after one that finished before it returned")
    func synchronousFailure() {
        let world = World()
        _ = sequence([world.instant("A"), world.instant("B", ends: .failed("no ketchup")), world.instant("C")])(
            world.progress, nil, world.done)
        #expect(world.log == ["start A", "progress 1/3", "start B", "done failed (no ketchup)"],
                "B failed at once, so the sequence should report that failure and start nothing after it; the events were \(world.log)")
    }
}

/// A small world of fake steps on a virtual clock, and a log of what happened.
private final class World: Sendable {
    let clock = VirtualClock()
    private let entries = Mutex<[String]>([])
    private let results = Mutex<[Outcome]>([])

    var log: [String] { entries.withLock { $0 } }
    var outcomes: [Outcome] { results.withLock { $0 } }
    private let startTimes = Mutex<[String]>([])
    /// "A at 0", "B at 1": when each timed step started.
    var starts: [String] { startTimes.withLock { $0 } }

    func append(_ entry: String) { entries.withLock { $0.append(entry) } }

    var progress: ProgressHandler { { [self] in append("progress \($0)") } }
    var cancelled: CancelHandler { { [self] in append("cancelled") } }
    var done: DoneHandler {
        { [self] outcome in
            results.withLock { $0.append(outcome) }
            append("done \(outcome)")
        }
    }

    /// A step that takes `seconds` and then ends with `outcome`. Cancelled, it ends
    /// with `.cancelled` — unless it ignores cancel, as the seed's animations did.
    func step(_ name: String, takes seconds: Double, ends outcome: Outcome = .finished,
              ignoresCancel: Bool = false) -> AsyncOperation {
        { [self] _, _, done in
            append("start \(name)")
            startTimes.withLock { $0.append("\(name) at \(clock.now.stageText)") }
            let ticket = clock.schedule(after: seconds) { [self] in
                append("end \(name)")
                done?(outcome)
            }
            return { [self] in
                append("cancel \(name)")
                if !ignoresCancel, clock.cancel(ticket) {
                    clock.schedule(after: 0) { done?(.cancelled) }
                }
            }
        }
    }

    /// A step that is done before it returns.
    func instant(_ name: String, ends outcome: Outcome = .finished) -> AsyncOperation {
        { [self] _, _, done in
            append("start \(name)")
            done?(outcome)
            return { [self] in append("cancel \(name)") }
        }
    }
}
