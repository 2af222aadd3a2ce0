import Foundation
import Synchronization
import Testing
import Stage
import Chapter04Animation

@Suite("Exercise 4.9: Hold a step to its contract, in Swift 6")
struct Ex9_KeepContractTests {
    @Test("passes on the progress and the one done of a step that keeps the contract")
    func wellBehaved() {
        let log = Log()
        let step: AsyncOperation = { progress, _, done in
            log.append("start")
            progress?(StepProgress(completed: 1, total: 2))
            progress?(StepProgress(completed: 2, total: 2))
            done?(.finished)
            return { log.append("step cancelled") }
        }
        _ = keepingContract(step)(log.progress, log.cancelled, log.done)
        let expected = ["start", "progress 1/2", "progress 2/2", "done finished"]
        #expect(log.entries == expected, "a step that keeps the contract gave \(log.entries); expected \(expected)")
    }

    @Test("reports a step's own cancelled ending as cancelled, then done(.cancelled), and a failure as it is: once each, though the step says it twice")
    func outcomesPassOn() {
        for (outcome, expected) in [(Outcome.cancelled, ["cancelled", "done cancelled"]),
                                    (.failed("no ketchup"), ["done failed (no ketchup)"])] {
            let log = Log()
            let step: AsyncOperation = { _, _, done in
                done?(outcome)
                done?(outcome)
                return {}
            }
            _ = keepingContract(step)(log.progress, log.cancelled, log.done)
            #expect(log.entries == expected, "a step that reported \(outcome) twice gave \(log.entries); expected \(expected)")
        }
    }

    @Test("drops a second done, and any progress after the first")
    func secondDoneDropped() {
        let log = Log()
        let twice: AsyncOperation = { progress, _, done in
            done?(.finished)
            progress?(StepProgress(completed: 1, total: 1))
            done?(.failed("again"))
            return {}
        }
        _ = keepingContract(twice)(log.progress, log.cancelled, log.done)
        #expect(log.entries == ["done finished"],
                "a step that called done, then progress, then done again gave \(log.entries); expected only [\"done finished\"]")
    }

    @Test("a cancel ends the run at once, even when the step ignores it, and what the step says later is dropped")
    func stubbornStep() {
        let log = Log()
        let clock = VirtualClock()
        let stubborn: AsyncOperation = { progress, _, done in
            _ = clock.schedule(after: 1) {
                progress?(StepProgress(completed: 1, total: 1))
                done?(.finished)
            }
            return { log.append("step cancelled") }  // and goes on regardless
        }
        let cancel = keepingContract(stubborn)(log.progress, log.cancelled, log.done)
        clock.advance(to: 0.5)
        cancel()
        let atCancel = log.entries
        clock.runUntilIdle()
        let expected = ["step cancelled", "cancelled", "done cancelled"]
        #expect(atCancel == expected,
                "right after the cancel at 0.5 s the events were \(atCancel); expected \(expected): the run ends when it is cancelled, not when the step gets round to it")
        #expect(log.entries == expected,
                "once the stubborn step finished at 1 s the events were \(log.entries); expected still \(expected)")
    }

    @Test("a cancel after the end, or a second cancel, changes nothing")
    func lateAndRepeatedCancels() {
        let log = Log()
        let quick: AsyncOperation = { _, _, done in
            done?(.finished)
            return { log.append("step cancelled") }
        }
        let cancelQuick = keepingContract(quick)(log.progress, log.cancelled, log.done)
        cancelQuick()
        #expect(log.entries == ["done finished"],
                "cancelling a step that had finished gave \(log.entries); expected [\"done finished\"] alone, and the finished step left alone")

        let slowLog = Log()
        let slow: AsyncOperation = { _, _, _ in { slowLog.append("step cancelled") } }
        let cancelSlow = keepingContract(slow)(slowLog.progress, slowLog.cancelled, slowLog.done)
        cancelSlow()
        cancelSlow()
        let expected = ["step cancelled", "cancelled", "done cancelled"]
        #expect(slowLog.entries == expected, "cancelling twice gave \(slowLog.entries); expected \(expected), once")
    }

    @Test("a step that calls done a second time, whenever a lock is let go after the first, is heard once")
    func secondDoneInEveryGap() {
        for k in 1...20 {
            let log = Log(), intruder = LockIntruder(at: k)
            let twice: AsyncOperation = { _, _, done in
                // The second done comes "from another thread", while the first is handled.
                intruder.call.withLock { $0 = { done?(.failed("again")) } }
                intruder.arm()
                done?(.finished)
                return {}
            }
            _ = keepingContract(twice, locks: intruder.locks)(log.progress, log.cancelled, log.done)
            guard intruder.fired.value else {
                #expect(k > 1, "no lock made by the `locks` given to keepingContract was let go after the step's done: keep the run's state in a lock made with locks.make(…)")
                break
            }
            #expect(log.entries == ["done finished"],
                    "a second done, let in the \(k). time a lock was let go after the first, gave \(log.entries); expected [\"done finished\"] alone")
        }
    }

    @Test("a cancel that comes whenever a lock is let go as the step finishes ends the run once")
    func cancelInEveryGap() {
        let finished = ["done finished"], cancelled = ["step cancelled", "cancelled", "done cancelled"]
        for k in 1...20 {
            let log = Log(), intruder = LockIntruder(at: k)
            let box = Mutex<Cancel?>(nil)
            let clock = VirtualClock()
            let step: AsyncOperation = { _, _, done in
                _ = clock.schedule(after: 1) {
                    intruder.call.withLock { $0 = { box.withLock { $0 }?() } }
                    intruder.arm()
                    done?(.finished)
                }
                return { log.append("step cancelled") }
            }
            let cancel = keepingContract(step, locks: intruder.locks)(log.progress, log.cancelled, log.done)
            box.withLock { $0 = cancel }
            clock.runUntilIdle()
            guard intruder.fired.value else {
                #expect(k > 1, "no lock made by the `locks` given to keepingContract was let go as the step finished: keep the run's state in a lock made with locks.make(…)")
                break
            }
            #expect(log.entries == finished || log.entries == cancelled,
                    "a cancel let in the \(k). time a lock was let go as the step finished gave \(log.entries); expected \(finished), or \(cancelled) when the cancel came first — one done either way")
        }
    }

    @Test("done comes after a progress report that was being passed on when the step's done arrived, whenever a lock is let go")
    func doneWaitsForAReportUnderWay() {
        for k in 1...20 {
            let log = Log(), intruder = LockIntruder(at: k)
            let step: AsyncOperation = { progress, _, done in
                // The step's done comes "from another thread" while its report is passed on.
                intruder.call.withLock { $0 = { done?(.finished) } }
                intruder.arm()
                progress?(StepProgress(completed: 1, total: 1))
                return {}
            }
            _ = keepingContract(step, locks: intruder.locks)(log.progress, log.cancelled, log.done)
            guard intruder.fired.value else {
                #expect(k > 1, "no lock made by the `locks` given to keepingContract was let go as the step's progress was passed on: keep the run's state in a lock made with locks.make(…)")
                break
            }
            let expected = ["progress 1/1", "done finished"]
            #expect(log.entries == expected,
                    "a done let in the \(k). time a lock was let go as a progress report was passed on gave \(log.entries); expected \(expected): done comes last, after the report that was under way")
        }
    }

    @Test("done that comes while two progress reports are on their way comes after both")
    func doneWaitsForTwoReports() {
        for k in 1...20 {
            let log = Log(), intruder = LockIntruder(at: k)
            let stepDone = Mutex<DoneHandler?>(nil)
            let step: AsyncOperation = { progress, _, done in
                stepDone.withLock { $0 = done }
                // A second report comes "from another thread" while the first is passed on.
                intruder.call.withLock { $0 = { progress?(StepProgress(completed: 2, total: 2)) } }
                intruder.arm()
                progress?(StepProgress(completed: 1, total: 2))
                return {}
            }
            _ = keepingContract(step, locks: intruder.locks)({ report in
                log.append("progress \(report)")
                // And the step's done, while that second report is being passed on.
                if report.completed == 2 { stepDone.withLock { $0 }?(.finished) }
            }, log.cancelled, log.done)
            guard intruder.fired.value else {
                #expect(k > 1, "no lock made by the `locks` given to keepingContract was let go as the step's progress was passed on: keep the run's state in a lock made with locks.make(…)")
                break
            }
            let entries = log.entries
            #expect(entries.sorted() == ["done finished", "progress 1/2", "progress 2/2"] && entries.last == "done finished",
                    "with a second report let in the \(k). time a lock was let go as the first was passed on, and the step's done during the second, the events were \(entries); expected both reports, then done: the first report is still on its way when the second has been passed on")
        }
    }

    @Test("a report that comes after the end, while another is still on its way, is dropped and does not hold done back")
    func lateReportDoesNotHoldDoneBack() {
        for k in 1...20 {
            let log = Log(), intruder = LockIntruder(at: k)
            let step: AsyncOperation = { progress, _, done in
                // The step's done and then one more report come "from another thread".
                intruder.call.withLock { $0 = { done?(.finished); progress?(StepProgress(completed: 2, total: 2)) } }
                intruder.arm()
                progress?(StepProgress(completed: 1, total: 2))
                return {}
            }
            _ = keepingContract(step, locks: intruder.locks)(log.progress, log.cancelled, log.done)
            guard intruder.fired.value else {
                #expect(k > 1, "no lock made by the `locks` given to keepingContract was let go as the step's progress was passed on: keep the run's state in a lock made with locks.make(…)")
                break
            }
            let expected = ["progress 1/2", "done finished"]
            #expect(log.entries == expected,
                    "a done and then a report, let in the \(k). time a lock was let go as a report was passed on, gave \(log.entries); expected \(expected): the late report is dropped, and done still comes once the first report has been passed on")
        }
    }

    @Test("a cancel while a progress report is passed on calls the step's cancel at once, and cancelled and done after the report")
    func cancelWaitsForAReportUnderWay() {
        for k in 1...20 {
            let log = Log(), intruder = LockIntruder(at: k)
            let box = Mutex<Cancel?>(nil)
            let clock = VirtualClock()
            let step: AsyncOperation = { progress, _, _ in
                _ = clock.schedule(after: 1) {
                    intruder.call.withLock { $0 = { box.withLock { $0 }?() } }
                    intruder.arm()
                    progress?(StepProgress(completed: 1, total: 2))
                }
                return { log.append("step cancelled") }
            }
            let cancel = keepingContract(step, locks: intruder.locks)(log.progress, log.cancelled, log.done)
            box.withLock { $0 = cancel }
            clock.runUntilIdle()
            guard intruder.fired.value else {
                #expect(k > 1, "no lock made by the `locks` given to keepingContract was let go as the step's progress was passed on: keep the run's state in a lock made with locks.make(…)")
                break
            }
            let entries = log.entries
            #expect(entries.sorted() == ["cancelled", "done cancelled", "progress 1/2", "step cancelled"]
                        && entries.suffix(2) == ["cancelled", "done cancelled"],
                    "a cancel let in the \(k). time a lock was let go as a progress report was passed on gave \(entries); expected the report, the step's cancel, and then cancelled and done(.cancelled) last")
        }
    }

    @Test("a handler may call straight back in: done cancels, progress cancels")
    func handlersCallBackIn() {
        let log = Log()
        let box = Mutex<Cancel?>(nil)
        let clock = VirtualClock()
        let step: AsyncOperation = { progress, _, done in
            _ = clock.schedule(after: 1) {
                progress?(StepProgress(completed: 1, total: 1))
                done?(.finished)
            }
            return { log.append("step cancelled") }
        }
        let cancel = keepingContract(step)({ report in
            log.append("progress \(report)")
            box.withLock { $0 }?()  // cancels from inside the progress report
        }, log.cancelled, { outcome in
            log.append("done \(outcome)")
            box.withLock { $0 }?()  // and from inside done: too late, nothing happens
        })
        box.withLock { $0 = cancel }
        clock.runUntilIdle()
        let expected = ["progress 1/1", "step cancelled", "cancelled", "done cancelled"]
        #expect(log.entries == expected,
                "a cancel made from the progress handler gave \(log.entries); expected \(expected)")
    }
}

/// What the handlers heard, in order.
private final class Log: Sendable {
    private let lines = Mutex<[String]>([])
    var entries: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var progress: ProgressHandler { { [self] in append("progress \($0)") } }
    var cancelled: CancelHandler { { [self] in append("cancelled") } }
    var done: DoneHandler { { [self] in append("done \($0)") } }
}
