import Foundation
import Synchronization
import Testing
import Stage
import Chapter04Animation

@Suite("Exercise 4.4: A sequence of asynchronous operations")
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
    }

    @Test("a step that ignores cancel still ends the sequence, and nothing after it starts")
    func stubbornStep() {
        let world = World()
        let cancel = sequence([world.step("A", takes: 1, ignoresCancel: true), world.step("B", takes: 1)])(nil, nil, world.done)
        world.clock.advance(to: 0.5)
        cancel()
        world.clock.runUntilIdle()
        #expect(!world.log.contains("start B"), "B started although the sequence was cancelled while A ran: \(world.log)")
        #expect(world.outcomes == [.cancelled], "done should report cancelled once; it got \(world.outcomes)")
    }

    @Test("works with steps that are done before they even return")
    func synchronousSteps() {
        let world = World()
        let cancel = sequence([world.instant("A"), world.instant("B"), world.instant("C")])(world.progress, nil, world.done)
        cancel()  // too late: everything is over
        #expect(world.log == ["start A", "progress 1/3", "start B", "progress 2/3", "start C", "progress 3/3", "done finished"],
                "the events were \(world.log)")
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
    func instant(_ name: String) -> AsyncOperation {
        { [self] _, _, done in
            append("start \(name)")
            done?(.finished)
            return { [self] in append("cancel \(name)") }
        }
    }
}
