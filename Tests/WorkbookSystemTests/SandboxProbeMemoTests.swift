import Foundation
import Testing
@testable import WorkbookSystem

@Suite("The sandbox probe, remembered between commands")
struct SandboxProbeMemoTests {
    @Test("a sandbox that worked is remembered under its key and recalled; a failed set-up forgets it")
    func rememberedAndForgotten() throws {
        #if os(Linux)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ProcessInfo.processInfo.environment
        let bwrap = try #require(Sandbox.findExecutable("bwrap", environment: environment), "bubblewrap is installed by the Makefile")
        let mounts = Sandbox.systemMounts(environment: environment)
        let file = try #require(SandboxProbeMemo.file(in: folder, bubblewrap: bwrap, arguments: Sandbox.commonArguments(userNamespace: true, mounts: mounts),
                                                      filter: SeccompFilter.program))
        let probed = Sandbox.probe(environment: environment, memoFolder: folder)
        try #require(probed.isOn, "\(probed.summary)")
        #expect(SandboxProbeMemo.recall(file) != nil, "the outcome was not remembered")
        // What is remembered is what the next probe says, without running bubblewrap.
        try "on no-userns\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(Sandbox.probe(environment: environment, memoFolder: folder) == .on(bubblewrap: bwrap, userNamespace: false))
        #expect(HostEnvironment(variables: environment, probeMemo: folder).sandbox == .on(bubblewrap: bwrap, userNamespace: false),
                "a command's environment value probes through the same memo")
        // A different key (another bubblewrap, user, boot or setting) is another file.
        #expect(SandboxProbeMemo.file(in: folder, bubblewrap: bwrap, arguments: ["--other"], filter: SeccompFilter.program) != file)
        // bubblewrap failing to set a run up forgets it; an "off" is never remembered.
        let failed = try ChildProcess.run(bwrap, .init(arguments: ["--no-such-option"], timeout: 10))
        #expect(failed.termination == .exited(1) && failed.standardError.hasPrefix("bwrap: "), "\(failed.standardError)")
        SandboxProbeMemo.forget(in: folder)
        #expect(SandboxProbeMemo.recall(file) == nil)
        #expect(Sandbox.probe(environment: ["WORKBOOK_SANDBOX": "off", "PATH": environment["PATH"] ?? ""]).isOn == false)
        #endif
    }
}
