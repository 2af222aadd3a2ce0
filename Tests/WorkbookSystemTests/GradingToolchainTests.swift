import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookSystem

/// The toolchain capabilities grading added: leftovers outside the child's process
/// group, CPU time, and the cached toolchain version.
@Suite("The toolchain driver, for grading")
struct GradingToolchainTests {
    @Test("kills what the child left running in a process group of its own, without waiting for it")
    func leftoverInOwnGroup() async throws {
        let result = try await onOwnThread { try ChildProcess.run("/bin/sh", .init(arguments: ["-c", "setsid sleep 61.234 & echo done"], timeout: 20)) }
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput == "done\n")
        #expect(GradingFixture.processes(matching: "61.234").isEmpty)
    }

    @Test("measures the CPU time a busy child used, and next to none for an idle one")
    func cpuTime() async throws {
        let busy = try await onOwnThread { try ChildProcess.run("/bin/sh", .init(arguments: ["-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done"], timeout: 30)) }
        let idle = try await onOwnThread { try ChildProcess.run("/bin/sleep", .init(arguments: ["0.3"])) }
        #expect(busy.cpuSeconds > 0.05)
        #expect(idle.cpuSeconds < 0.05)
    }
}
