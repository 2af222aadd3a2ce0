import Foundation
import Synchronization
import Testing
import Stage

@Suite("A virtual clock")
struct VirtualClockTests {
    @Test("runs nothing until it is advanced, then runs what fell due, in time order")
    func advanceRunsDueWork() {
        let clock = VirtualClock()
        let log = ClockLog()
        clock.schedule(after: 0.3) { log.append("b at \(clock.now)") }
        clock.schedule(after: 0.1) { log.append("a at \(clock.now)") }
        clock.schedule(after: 0.5) { log.append("c") }
        #expect(log.entries.isEmpty)
        clock.advance(by: 0.4)
        #expect(log.entries == ["a at 0.1", "b at 0.3"])
        #expect(clock.now == 0.4)
        #expect(clock.pendingCount == 1)
    }

    @Test("keeps exact decimal times: three steps of 0.2 s end at 0.6")
    func exactTimes() {
        let clock = VirtualClock()
        for _ in 0..<3 { clock.advance(by: 0.2) }
        #expect(clock.now == 0.6)
    }

    @Test("runs work scheduled by work, and keeps same-time work in scheduling order")
    func chainedWork() {
        let clock = VirtualClock()
        let log = ClockLog()
        clock.schedule(after: 0.1) {
            log.append("first")
            clock.schedule(after: 0) { log.append("third") }
        }
        clock.schedule(after: 0.1) { log.append("second") }
        clock.runUntilIdle()
        #expect(log.entries == ["first", "second", "third"])
        #expect(clock.nextDueTime == nil)
    }

    @Test("forgets cancelled work")
    func cancel() {
        let clock = VirtualClock()
        let log = ClockLog()
        let ticket = clock.schedule(after: 1) { log.append("ran") }
        #expect(clock.cancel(ticket))
        #expect(!clock.cancel(ticket))
        clock.runUntilIdle()
        #expect(log.entries.isEmpty)
    }

    @Test("drives a task that awaits it, and stops at a deadline")
    func drive() async {
        let clock = VirtualClock()
        let task = Task { () -> Double in
            for _ in 0..<3 {
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    clock.schedule(after: 0.2) { done.resume() }
                }
            }
            return clock.now
        }
        let early = await clock.drive(task, until: 0.3)
        #expect(early == nil)
        #expect(clock.now == 0.3)
        let end = await clock.drive(task)
        #expect(end == 0.6)
    }

    @Test("lets a hop to the main actor made before it run before time moves on")
    @MainActor
    func driveLetsWaitingWorkRunFirst() async {
        let clock = VirtualClock()
        let sleeper = Task { @MainActor () -> Double in
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                clock.schedule(after: 1) { done.resume() }
            }
            return clock.now
        }
        await Task.yield()  // the sleeper schedules its wake-up at 1 s
        var hopSaw: Double?
        Task { @MainActor in hopSaw = clock.now }  // as a cancellation handler's hop would
        let woke = await clock.drive(sleeper)
        #expect(hopSaw == 0, "the hop was made at 0 s, so it runs at 0 s")
        #expect(woke == 1)
    }
}

/// A thread-safe list of strings for clock actions to append to.
final class ClockLog: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ entry: String) { storage.withLock { $0.append(entry) } }
    var entries: [String] { storage.withLock { $0 } }
}
