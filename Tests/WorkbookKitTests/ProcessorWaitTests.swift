#if os(Linux)
import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookSystem

/// A child's time limit counts the time it had, not the time it spent runnable but
/// waiting for a processor (`ChildProcess.Result.processorWaitSeconds`): on a busy
/// machine, correct test runners had been stopped at a 2 s limit having used 0.0 s of CPU.
/// Each test crowds one processor with endless loops (taskset) and runs the child there.
/// The limits leave room for what is not a wait for a processor (a loaded machine's exec
/// and page faults): no figure here depends on how busy the rest of the machine is.
@Suite("A time limit counts the time a program had, not its wait for a processor", .serialized)
struct ProcessorWaitTests {
    /// The first processor this process may run on (`Cpus_allowed_list: 0-1`).
    static func processor() throws -> String {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        return String(try #require(line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces)
            .split(whereSeparator: { $0 == "," || $0 == "-" }).first))
    }

    /// `body` with five endless loops pinned to `processor`, stopped afterwards: a program
    /// pinned there too gets a sixth of it at most.
    static func crowded<T>(on processor: String, _ body: () async throws -> T) async throws -> T {
        let loops = try (0..<5).map { _ in
            let loop = Process()
            loop.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            loop.arguments = ["taskset", "-c", processor, "sh", "-c", "while :; do :; done"]
            try loop.run()
            return loop
        }
        defer {
            for loop in loops { loop.terminate(); loop.waitUntilExit() }
        }
        return try await body()
    }

    /// A program that needs `seconds` of CPU, pinned to `processor`.
    static func computing(_ seconds: Double, on processor: String) -> [String] {
        ["taskset", "-c", processor, "python3", "-c",
         "import time\nt = time.process_time()\nwhile time.process_time() - t < \(seconds): pass\nprint('done')"]
    }

    @Test("a program crowded onto a busy processor gets past its limit's wall time to finish, and the wait is measured",
          .timeLimit(.minutes(1)))
    func crowdedProgramFinishes() async throws {
        let processor = try Self.processor()
        let result = try await Self.crowded(on: processor) {
            try await onOwnThread {
                try ChildProcess.run("/usr/bin/env", .init(arguments: Self.computing(0.5, on: processor), timeout: 2.5))
            }
        }
        // A sixth of a processor at most: 0.5 s of CPU takes 3 s or more, past the limit.
        // The limit leaves 2 s for the rest (python's start read from a busy disk took more
        // than a second while the engine's suites ran).
        #expect(result.termination == .exited(0),
                "\(result.termination) after \(result.seconds) s, \(result.processorWaitSeconds) s of it waiting for a processor; \(result.standardError)")
        #expect(result.standardOutput == "done\n")
        #expect(result.seconds > 2.5, "it finished within its limit: the processor was not crowded")
        #expect(result.processorWaitSeconds > 1, "\(result.processorWaitSeconds) s of waiting measured in \(result.seconds) s")
    }

    @Test("a crowded endless loop is still stopped, its wait counted up to four times its limit",
          .timeLimit(.minutes(1)))
    func crowdedLoopEnds() async throws {
        let processor = try Self.processor()
        let result = try await Self.crowded(on: processor) {
            try await onOwnThread {
                try ChildProcess.run("/usr/bin/env", .init(arguments: Self.computing(1000, on: processor), timeout: 0.5))
            }
        }
        #expect(result.termination == .timedOut(seconds: 0.5))
        #expect(result.processorWaitSeconds > 0 && result.processorWaitSeconds <= 2.0, "\(result.processorWaitSeconds)")
        #expect(result.seconds < 0.5 + 2.0 + 1.5, "\(result.seconds) s")
    }

    @Test("a program that waits for nothing but time is stopped at its limit, with no wait for a processor",
          .timeLimit(.minutes(1)))
    func sleeperStopsAtItsLimit() async throws {
        let result = try await onOwnThread { try ChildProcess.run("/bin/sleep", .init(arguments: ["30"], timeout: 1)) }
        #expect(result.termination == .timedOut(seconds: 1))
        #expect(result.processorWaitSeconds == 0, "\(result.processorWaitSeconds)")
        #expect(result.seconds < 2.5, "\(result.seconds) s")
    }
}
#endif
