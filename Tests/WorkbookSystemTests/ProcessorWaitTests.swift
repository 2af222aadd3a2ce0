import Foundation
import Synchronization
import Testing
import WorkbookTestSupport
@testable import WorkbookSystem

/// A child's time limit counts the time it had, not the time it spent runnable but
/// waiting for a processor (`ChildProcess.Result.processorWaitSeconds`): on a busy
/// machine, correct test runners had been stopped at a 2 s limit having used 0.0 s of CPU.
/// How the deadline moves is checked with waits given by the test (a real child, figures
/// of the test's own), so nothing here depends on how busy the machine is; the kernel's
/// figure is checked on its own, by a lower bound a busier machine only raises.
/// The time-limit traits guard against a hang only: under `make test` the other suites'
/// synchronous work can hold the two-thread cooperative pool, and a test that awaited its
/// own thread resumed only after 101 s (CI, stop 62) — five minutes, not one.
@Suite("A time limit counts the time a program had, not its wait for a processor")
struct ProcessorWaitTests {
    /// Figures for `Options.processorWait`: each ask gets the next, the last one kept.
    final class Waits: Sendable {
        let figures: [Double]
        let asked = Mutex(0)
        init(_ figures: [Double]) { self.figures = figures }
        func next(_ pid: pid_t) -> Double {
            asked.withLock { asked in
                defer { asked += 1 }
                return figures[min(asked, figures.count - 1)]
            }
        }
    }

    static func sleeping(_ seconds: String, limit: Double, waits: Waits?) async throws -> ChildProcess.Result {
        var options = ChildProcess.Options(arguments: [seconds], timeout: limit)
        if let waits { options.processorWait = { waits.next($0) } }
        let run = options
        return try await onOwnThread { try ChildProcess.run("/bin/sleep", run) }
    }

    @Test("the wait measured at the deadline moves it on, and a program that then ends in time is not stopped",
          .timeLimit(.minutes(5)))
    func waitMovesTheDeadline() async throws {
        // 1 s of limit, 1.5 s of sleep: stopped at 1 s, unless the 1.5 s of waiting counts
        // (then at 2.5 s: room for a slow start on a busy machine).
        let waits = Waits([1.5])
        let result = try await Self.sleeping("1.5", limit: 1, waits: waits)
        #expect(result.termination == .exited(0), "\(result.termination) after \(result.seconds) s")
        #expect(waits.asked.withLock { $0 } == 1, "asked once, at the deadline")
        // The wait the deadline was moved by is in the result, though the program ended before it.
        #expect(result.processorWaitSeconds == 1.5)
    }

    @Test("the deadline moves only by what was waited since it last moved, up to four times the limit",
          .timeLimit(.minutes(5)))
    func waitIsCapped() async throws {
        // Ever longer waits: 0.5 s past 1 s, then 1.5, 3, 3.6... capped at 4 × 0.5 s = 2 s.
        let waits = Waits([0.5, 1.0, 1.5, 3.0, 3.6])
        let result = try await Self.sleeping("30", limit: 0.5, waits: waits)
        #expect(result.termination == .timedOut(seconds: 0.5))
        // Moved by 0.5, 0.5, 0.5 and 0.5 s, then no more: the cap, whatever the clock says
        // (docs/tests.md: no wall-clock bound; the trait guards against a hang).
        #expect(result.processorWaitSeconds == 2.0)
    }

    @Test("a program that waits for nothing but time is stopped at its limit, moved on only by the wait of its start",
          .timeLimit(.minutes(5)))
    func sleeperStopsAtItsLimit() async throws {
        let result = try await Self.sleeping("30", limit: 1, waits: nil)
        #expect(result.termination == .timedOut(seconds: 1))
        // Asleep, it waits for no processor; starting, it may have (0.1 s while the
        // engine's suites ran): that much and no more moves its limit, so the figure stays
        // below the limit it would otherwise double. (No wall-clock bound: docs/tests.md.)
        #expect(result.processorWaitSeconds < 1, "\(result.processorWaitSeconds) s of waiting counted")
    }

    #if os(Linux)
    /// The first processor this process may run on (`Cpus_allowed_list: 0-1`).
    static func processor() throws -> String {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        return String(try #require(line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces)
            .split(whereSeparator: { $0 == "," || $0 == "-" }).first))
    }

    @Test("the kernel's figure: four endless loops crowded onto one processor each wait for it, and each still ends",
          .timeLimit(.minutes(5)))
    func kernelCountsTheWait() async throws {
        let processor = try Self.processor()
        let options = ChildProcess.Options(arguments: ["-c", processor, "sh", "-c", "while :; do :; done"], timeout: 0.5)
        let results = try await withThrowingTaskGroup(of: ChildProcess.Result.self) { group in
            for _ in 0..<4 {
                group.addTask { try await onOwnThread { try ChildProcess.run("/usr/bin/taskset", options) } }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Each has a quarter of the processor at most: about 0.4 s of waiting by its first
        // deadline, more on a busier machine; its limit moves on until 4 × 0.5 s were counted.
        for result in results {
            #expect(result.termination == .timedOut(seconds: 0.5), "\(result.termination): \(result.standardError)")
            #expect(result.processorWaitSeconds > 0.2 && result.processorWaitSeconds <= 2, "\(result.processorWaitSeconds) s")
        }
    }
    #endif
}
