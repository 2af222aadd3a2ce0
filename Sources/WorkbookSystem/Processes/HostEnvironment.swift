import Foundation
import Synchronization

/// What the command's process was given and what this machine allows it, made once by
/// the command line (`CommandContext`) and passed down with the toolchain: the
/// environment variables and the sandbox as probed. Nothing below the command line reads
/// `ProcessInfo` or a process-wide setting (`HostEnvironmentTests` reads the sources), so
/// a grade's key holds the sandbox it was graded in, and a test can give its own.
public final class HostEnvironment: Sendable {
    /// The process's environment variables, as the command line was given them.
    public let variables: [String: String]
    /// The sandbox learner code runs in here: on, or off and why. Probed on first use
    /// (a run of `true` in bubblewrap, 20–30 ms, or its outcome remembered in `probeMemo`),
    /// once per command; `WORKBOOK_SANDBOX=off` turns it off, to test the fallback.
    public var sandbox: Sandbox.Status {
        probed.withLock { status in
            if let status { return status }
            #if os(Linux)
            let found = Sandbox.probe(environment: variables, mounts: mounts, memoFolder: probeMemo)
            #else
            let found = Sandbox.probe(environment: variables, memoFolder: probeMemo)
            #endif
            status = found
            return found
        }
    }
    private let probed = Mutex<Sandbox.Status?>(nil)
    /// Where the probe's outcome is remembered between commands (a cache folder); nil
    /// remembers nothing (`SandboxProbeMemo`).
    let probeMemo: URL?
    #if os(Linux)
    /// What every sandboxed run mounts of the system and the toolchain (`Sandbox.systemMounts`).
    let mounts: [String]
    #endif
    /// Whether root's bubblewrap can be run as nobody here: tried on the first run that
    /// wants it, once per command.
    private let nobody = Mutex<Bool?>(nil)
    /// The tasks this user ran when the first run that wanted them counted them.
    private let tasks = Mutex<Int??>(nil)

    /// `probeMemo`: where the sandbox probe's outcome is remembered (a cache folder).
    public init(variables: [String: String], probeMemo: URL?) {
        self.variables = variables
        self.probeMemo = probeMemo
        #if os(Linux)
        mounts = Sandbox.systemMounts(environment: variables)
        #endif
    }

    #if os(Linux)
    var nobodyCanSandbox: Bool {
        nobody.withLock { known in
            if let known { return known }
            let found = Sandbox.nobodyCanSandbox(status: sandbox, mounts: mounts)
            known = found
            return found
        }
    }
    #endif

    /// Tasks (threads included) this user runs, counted on first use: a run without a
    /// process cgroup is capped at these plus its share (`RLIMIT_NPROC`).
    var tasksOfThisUser: Int? {
        tasks.withLock { counted in
            if let counted { return counted }
            let found = Sandbox.countTasksOfThisUser()
            counted = .some(found)
            return found
        }
    }

    /// Forgets the remembered probe (a run's set-up failed), so the next command probes again.
    func forgetProbe() { SandboxProbeMemo.forget(in: probeMemo) }
}
