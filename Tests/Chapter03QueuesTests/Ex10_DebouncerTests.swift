import Chapter03Queues
import Dispatch
import Stage
import Testing

@Suite("Exercise 3.10: Debounce the search box")
struct Ex10_DebouncerTests {
    /// A debouncer on the stage's virtual clock, and a count of its runs.
    func debouncer(delay: Double = 0.3) -> (Debouncer, VirtualClock, Locked<Int>) {
        let clock = VirtualClock(), runs = Locked(0)
        let debouncer = Debouncer(
            delay: delay, queue: .main, schedule: { delay, work in _ = clock.schedule(after: delay, work) },
            action: { runs.withLock { $0 += 1 } })
        return (debouncer, clock, runs)
    }

    @Test("runs once for a burst of calls, the delay after the last one")
    func burst() {
        let (debouncer, clock, runs) = debouncer()
        debouncer.call()
        clock.advance(by: 0.1)
        debouncer.call()
        clock.advance(by: 0.1)
        debouncer.call()
        clock.advance(to: 0.49)
        #expect(runs.value == 0, "calls at 0, 0.1 and 0.2 s with a 0.3 s delay ran \(runs.value) time(s) by 0.49 s; expected none before 0.5 s")
        clock.advance(to: 0.5)
        #expect(runs.value == 1, "calls at 0, 0.1 and 0.2 s ran \(runs.value) time(s) by 0.5 s; expected exactly once")
        clock.advance(by: 5)
        #expect(runs.value == 1, "the burst ran \(runs.value) times in the end; expected once")
    }

    @Test("runs once for each call when the calls are further apart than the delay")
    func spaced() {
        let (debouncer, clock, runs) = debouncer()
        debouncer.call()
        clock.advance(by: 0.5)
        debouncer.call()
        clock.advance(by: 0.5)
        #expect(runs.value == 2, "two calls 0.5 s apart with a 0.3 s delay ran \(runs.value) time(s); expected twice")
    }

    @Test("never runs without a call, nor after cancel")
    func cancelled() {
        let (debouncer, clock, runs) = debouncer()
        clock.advance(by: 1)
        #expect(runs.value == 0, "with no call it ran \(runs.value) time(s)")
        debouncer.call()
        clock.advance(by: 0.1)
        debouncer.cancel()
        clock.advance(by: 1)
        #expect(runs.value == 0, "a call cancelled before its delay was over ran \(runs.value) time(s); expected none")
        debouncer.call()
        clock.advance(by: 0.3)
        #expect(runs.value == 1, "a call after a cancel ran \(runs.value) time(s); expected once")
    }

    @Test("a call soon after a cancel runs once, the delay after that call")
    func callAfterCancel() {
        let (debouncer, clock, runs) = debouncer()
        debouncer.call()
        clock.advance(by: 0.1)
        debouncer.cancel()
        clock.advance(by: 0.1)
        debouncer.call()
        clock.advance(to: 0.49)
        #expect(runs.value == 0,
                "a call at 0 s, cancel at 0.1 s and a call at 0.2 s with a 0.3 s delay ran \(runs.value) time(s) by 0.49 s; expected none before 0.5 s (the first call was cancelled)")
        clock.advance(to: 0.5)
        #expect(runs.value == 1, "the call at 0.2 s had run \(runs.value) time(s) by 0.5 s; expected once")
        clock.advance(by: 5)
        #expect(runs.value == 1, "a call, a cancel and a call ran \(runs.value) times in the end; expected once")
    }

    @Test("runs once for calls from many threads at once")
    func concurrentCalls() {
        let (debouncer, clock, runs) = debouncer()
        DispatchQueue.concurrentPerform(iterations: 500) { _ in debouncer.call() }
        clock.advance(by: 1)
        #expect(runs.value == 1, "500 calls at the same moment ran \(runs.value) time(s); expected once")
    }

    @Test("numbers its calls and cancels in the Locked it is given")
    func usesTheNumbersGiven() {
        let clock = VirtualClock(), latest = Locked(0)
        let debouncer = Debouncer(
            delay: 0.3, queue: .main, schedule: { delay, work in _ = clock.schedule(after: delay, work) },
            latest: latest, action: {})
        debouncer.call()
        let afterCall = latest.value
        debouncer.cancel()
        let afterCancel = latest.value
        #expect(afterCall != 0,
                "the Locked<Int> handed to init still holds 0 after call(); expected call() to number the calls in it")
        #expect(afterCancel != afterCall,
                "the Locked<Int> handed to init holds \(afterCall) both before and after cancel(); a cancel must change the number, so the waiting run finds it is no longer the latest")
    }

    /// Another caller's `call()`, made once, the first time the lock is let go after a
    /// run has begun: in one thread, at the moment a race would need.
    final class Intruder: Sendable {
        let debouncer = Locked<Debouncer?>(nil)
        let latest = Locked<Locked<Int>?>(nil)
        let armed = Locked(false)
        let used = Locked(false)
        /// The number in the Locked right after this caller's call(); nil while it has not called.
        let numberAfterCall = Locked<Int?>(nil)

        /// Called as a scheduled run begins; only the first run lets the caller in.
        func arm() {
            guard !used.withLock({ used in defer { used = true }; return used }) else { return }
            armed.withLock { $0 = true }
        }

        func lockLetGo() {
            guard armed.withLock({ armed in defer { armed = false }; return armed }), let debouncer = debouncer.value else { return }
            debouncer.call()
            let number = latest.value?.value
            numberAfterCall.withLock { $0 = number }
        }
    }

    @Test("checks and clears a run's number under one lock: a call let in as the run lets go of the lock still gets its run")
    func checkAndClearAreOneStep() {
        let clock = VirtualClock(), runs = Locked(0), intruder = Intruder()
        let latest = Locked(0, afterUnlock: { intruder.lockLetGo() })
        /// The number in the Locked as each scheduled run began.
        let numbersAtRuns = Locked<[Int]>([])
        let debouncer = Debouncer(
            delay: 0.3, queue: .main,
            schedule: { delay, work in
                _ = clock.schedule(after: delay) {
                    let number = latest.value
                    numbersAtRuns.withLock { $0.append(number) }
                    intruder.arm()
                    work()
                }
            },
            latest: latest, action: { runs.withLock { $0 += 1 } })
        intruder.debouncer.withLock { $0 = debouncer }
        intruder.latest.withLock { $0 = latest }
        debouncer.call()
        clock.advance(to: 0.3)
        #expect(runs.value == 1, "a call at 0 s with a 0.3 s delay ran \(runs.value) time(s) by 0.3 s; expected once")
        clock.advance(to: 5)
        let left = intruder.numberAfterCall.value, numbers = numbersAtRuns.value
        // The clear is named only when it is seen: the number the other call left had
        // changed by the time its run began, and nobody but the first run was there to change it.
        let changed = left.flatMap { left in numbers.count == 2 && numbers[1] != left ? (left, numbers[1]) : nil }
        #expect(runs.value == 2,
                Comment(rawValue: left == nil
                    ? "after the first run began, the Locked<Int> handed to init was never locked and let go, so no other caller came in; in all the debouncer ran \(runs.value) time(s); expected the run to check its number in that Locked"
                    : "another caller called call() at 0.3 s, as soon as the first run let go of the lock, and in all the debouncer ran \(runs.value) time(s); expected twice (that call came after the first run began, so it gets a run of its own)"
                        + (changed.map { ": the number that call left in the Locked (\($0.0)) was \($0.1) when its run began, with no call or cancel in between, so the first run changed it after letting go of the lock: a check under one withLock and a clear under another; check and clear under one withLock" } ?? "")))
    }

    @Test("a cancel let in as a call first lets go of the lock takes that call's run back")
    func cancelAtTheCallsGap() {
        let clock = VirtualClock(), runs = Locked(0)
        let debouncer = Locked<Debouncer?>(nil), lock = Locked<Locked<Int>?>(nil), armed = Locked(true)
        /// The number in the Locked when the call first let go of it, before the cancel.
        let numberAtGap = Locked<Int?>(nil)
        let latest = Locked(0, afterUnlock: {
            // Once: the first time the call lets go of the lock, another caller cancels.
            guard armed.withLock({ armed in defer { armed = false }; return armed }) else { return }
            let number = lock.value?.value
            numberAtGap.withLock { $0 = number }
            debouncer.value?.cancel()
        })
        lock.withLock { $0 = latest }
        let made = Debouncer(
            delay: 0.3, queue: .main, schedule: { delay, work in _ = clock.schedule(after: delay, work) },
            latest: latest, action: { runs.withLock { $0 += 1 } })
        debouncer.withLock { $0 = made }
        made.call()
        clock.advance(to: 5)
        let number = numberAtGap.value
        // A call that has numbered itself is older than the cancel, which takes its run
        // back; one that had not yet numbered itself comes after the cancel, and runs.
        let expected = number == 0 ? 1 : 0
        #expect(number != nil,
                "call() never locked and let go of the Locked<Int> handed to init; expected it to number the call there")
        #expect(runs.value == expected,
                Comment(rawValue: "call() at 0 s left \(number.map(String.init) ?? "nothing") in the Locked<Int> when it first let go of it; another caller called cancel() at that moment, and the debouncer ran \(runs.value) time(s) by 5 s; expected "
                    + (expected == 0 ? "none: the call had taken its number, so the cancel came after it and takes its run back" : "one run: the call had not taken its number yet, so it came after the cancel")))
    }

    @Test("runs on the queue it was given, by default after a real delay")
    func realQueue() async {
        let queue = DispatchQueue(label: "com.closuresworkbook.tests.search")
        QueueName.track(queue, as: "search")
        let ranOn: String? = await awaitCallback { done in
            let debouncer = Debouncer(delay: 0.001, queue: queue) { done(QueueName.current) }
            debouncer.call()
        }
        #expect(ranOn == "search", "the action ran on \(ranOn ?? "no queue at all"); expected the queue passed in")
    }
}
