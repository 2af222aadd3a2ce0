import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a run of untrusted code (a learner's exercise, a snippet, a playground) may see
/// and touch. The workbook's own files are `hidden`: they are not there at all inside the
/// sandbox, so tests, references, chapters and `.workbook/` state cannot be read, changed
/// or forged. What the program needs to start is shown again read-only; only `writable`
/// (a private scratch folder) can be written.
public struct SandboxPolicy: Sendable, Equatable {
    /// Folders replaced by empty ones: the workbook root, its state folder.
    public var hidden: [String]
    /// Files and folders shown again, read-only, inside the hidden ones.
    public var readOnly: [String]
    /// Folders the program may write.
    public var writable: [String]
    /// Bytes of address space (RLIMIT_AS). 1 GiB: every chapter's tests run in under
    /// 200 MiB; the Swift runtime reserves no large regions (checked: chapter 3's whole
    /// suite passes under 1 GiB).
    public var memoryLimit: Int = 1 << 30
    /// Processes and threads together (a cgroup's `pids.max`): a test runner uses about
    /// 20 threads, libdispatch at most 64 more for blocked work.
    public var processLimit: Int = 256

    public init(hidden: [String], readOnly: [String] = [], writable: [String]) {
        self.hidden = hidden
        self.readOnly = readOnly
        self.writable = writable
    }
}

/// A resource limit that a run went over, as established by a check (never guessed).
public enum LimitReached: String, Sendable, Codable, Equatable {
    case memory
    case processes

    public func sentence(_ policy: SandboxPolicy?) -> String {
        switch self {
        case .memory:
            let limit = policy.map { "\($0.memoryLimit >> 20) MiB" } ?? "the limit"
            return "it used more than \(limit) of memory (the limit) and could allocate no more"
        case .processes:
            return "it started more than \(policy?.processLimit ?? 0) processes and threads, the limit"
        }
    }
}

/// Runs a command inside the sandbox when one can be had, and says plainly when not.
///
/// On Linux the sandbox is bubblewrap (Debian `bubblewrap`, what Flatpak is built on):
/// the system read-only, the workbook hidden, a private `/tmp`, no network, and a PID
/// namespace of its own with `--die-with-parent`, so when the run ends everything it
/// started ends too. Memory is capped with RLIMIT_AS (`prlimit`), processes with a `pids`
/// cgroup where one is writable (as root, or a delegated cgroup). Elsewhere — no
/// bubblewrap, user namespaces refused, macOS — the run has the old isolation (its own
/// process group, killed on time-out, orphans swept) and `status` says so.
public enum Sandbox {
    public enum Status: Sendable, Equatable {
        case on(bubblewrap: String)
        case off(reason: String)

        public var isOn: Bool { if case .on = self { return true } else { return false } }

        /// One line for a report: what protects the workbook during this run.
        public var summary: String {
            switch self {
            case .on: return "sandbox: on (bubblewrap: workbook hidden, no network, memory \(SandboxPolicy(hidden: [], writable: []).memoryLimit >> 30) GiB"
                + (Cgroup.pidsRoot != nil ? ", processes capped" : getuid() != 0 ? ", processes capped by RLIMIT_NPROC" : ", no process cap: no writable pids cgroup") + ")"
            case .off(let reason): return "sandbox: off — \(reason); learner code runs with your rights"
            }
        }
    }

    /// Probed once per process (a run of `true` in the sandbox, about 5 ms).
    /// `WORKBOOK_SANDBOX=off` turns it off, to test the fallback.
    public static let status: Status = probe(environment: ProcessInfo.processInfo.environment)

    static func probe(environment: [String: String]) -> Status {
        #if os(Linux)
        if environment["WORKBOOK_SANDBOX"] == "off" { return .off(reason: "turned off by WORKBOOK_SANDBOX=off") }
        guard let bwrap = findExecutable("bwrap", environment: environment) else {
            return .off(reason: "install bubblewrap (apt-get install bubblewrap)")
        }
        let trial = try? ChildProcess.run(bwrap, .init(
            arguments: commonArguments + ["--", "/bin/true"], environment: environment, timeout: 10))
        guard let trial, trial.termination.isSuccess else {
            let why = trial.map { $0.standardError.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "it could not be started"
            return .off(reason: "bubblewrap cannot make a sandbox here (\(why.isEmpty ? "\(trial?.termination.description ?? "")" : why)); "
                + "unprivileged user namespaces may be turned off")
        }
        return .on(bubblewrap: bwrap)
        #else
        // macOS: sandbox-exec is deprecated and there is no bubblewrap; the process group,
        // time limit, output cap and orphan sweep still apply.
        return .off(reason: "no sandbox on this system (bubblewrap is Linux-only)")
        #endif
    }

    #if os(Linux)
    /// Everything but the folders: read-only system, fresh /dev, /proc and /tmp, no
    /// network, no System V IPC, own PID namespace, gone when we are.
    static let commonArguments = [
        "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp",
        "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--die-with-parent",
    ]
    #endif

    /// A command ready to start, and what to read and tidy once it has ended.
    struct Launch {
        var executable: String
        var arguments: [String]
        var cgroup: Cgroup?
        /// bubblewrap passes on a signal that ended the program as exit status 128 + its number.
        var reportsSignalsAsStatus = false

        /// The limits the run went over, read from the kernel's own counters.
        func finish(standardError: String) -> Set<LimitReached> {
            var reached: Set<LimitReached> = []
            if cgroup?.finish() == true { reached.insert(.processes) }
            // The Swift runtime's own words when an allocation fails (RLIMIT_AS reached).
            if standardError.contains("failed to allocate") || standardError.contains("Could not allocate memory")
                || standardError.contains("std::bad_alloc") || standardError.contains("Cannot allocate memory") {
                reached.insert(.memory)
            }
            return reached
        }
    }

    /// `executable arguments…` wrapped so that it runs under `policy`; unchanged when the
    /// sandbox is off.
    static func launch(_ executable: String, _ arguments: [String], policy: SandboxPolicy, workingDirectory: String?) -> Launch {
        #if os(Linux)
        var command = [executable] + arguments
        if case .on(let bwrap) = status {
            var words = commonArguments
            for folder in policy.hidden where FileManager.default.fileExists(atPath: folder) { words += ["--tmpfs", folder] }
            for path in policy.readOnly where FileManager.default.fileExists(atPath: path) { words += ["--ro-bind", path, path] }
            for folder in policy.writable { words += ["--bind", folder, folder] }
            if let workingDirectory { words += ["--chdir", workingDirectory] }
            command = [bwrap] + words + ["--"] + command
        }
        let viaBubblewrap = command.count > arguments.count + 1
        let cgroup = Cgroup.make(processLimit: policy.processLimit)
        // The limits hold with or without bubblewrap.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit") {
            var limits = ["--as=\(policy.memoryLimit)"]
            // No cgroup (a normal user, usually): RLIMIT_NPROC, which counts every task of
            // the user, so the cap is what the user already runs plus the run's share.
            // (Root is exempt from it; root gets the cgroup.)
            if cgroup == nil, getuid() != 0, let running = Self.tasksOfThisUser {
                limits.append("--nproc=\(running + policy.processLimit)")
            }
            command = ["/usr/bin/prlimit"] + limits + ["--"] + command
        }
        if let cgroup {
            // The shell joins the cgroup, then becomes the command: nothing runs outside it.
            command = ["/bin/sh", "-c", #"echo $$ > "$0/cgroup.procs" && exec "$@""#, cgroup.folder] + command
        }
        return Launch(executable: command[0], arguments: Array(command.dropFirst()), cgroup: cgroup, reportsSignalsAsStatus: viaBubblewrap)
        #else
        return Launch(executable: executable, arguments: arguments)
        #endif
    }

    /// Tasks (threads included, as RLIMIT_NPROC counts them) this user runs, counted once.
    static let tasksOfThisUser: Int? = {
        #if os(Linux)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        let me = getuid()
        var count = 0
        for name in names where Int(name) != nil {
            var info = stat()
            guard stat("/proc/\(name)", &info) == 0, info.st_uid == me else { continue }
            count += (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(name)/task").count) ?? 1
        }
        return count
        #else
        return nil
        #endif
    }()

    public static func findExecutable(_ name: String, environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// A `pids` cgroup of one run: its `pids.max`, and whether the run hit it.
package struct Cgroup {
    let folder: String

    /// The `pids` hierarchy we may create groups in: cgroup v1's `/sys/fs/cgroup/pids`, or
    /// v2's unified tree where `pids` is enabled. Nil when neither is writable (a
    /// non-root user without a delegated cgroup).
    static let pidsRoot: String? = {
        #if os(Linux)
        let candidates = ["/sys/fs/cgroup/pids", "/sys/fs/cgroup/unified", "/sys/fs/cgroup"]
        for root in candidates where access(root, W_OK) == 0 {
            let parent = "\(root)/workbook"
            if !FileManager.default.fileExists(atPath: parent) { mkdir(parent, 0o755) }
            // v2 wants the controller enabled for children; harmless where it is.
            if FileManager.default.fileExists(atPath: "\(parent)/cgroup.subtree_control") {
                _ = try? "+pids".write(toFile: "\(parent)/cgroup.subtree_control", atomically: false, encoding: .utf8)
            }
            let probe = "\(parent)/probe-\(getpid())"
            mkdir(probe, 0o755)
            defer { rmdir(probe) }
            if FileManager.default.fileExists(atPath: "\(probe)/pids.max") { return parent }
        }
        #endif
        return nil
    }()

    static func make(processLimit: Int) -> Cgroup? {
        guard let root = pidsRoot else { return nil }
        let folder = "\(root)/run-\(getpid())-\(UUID().uuidString.prefix(8))"
        guard mkdir(folder, 0o755) == 0 else { return nil }
        guard (try? "\(processLimit)".write(toFile: "\(folder)/pids.max", atomically: false, encoding: .utf8)) != nil else {
            rmdir(folder)
            return nil
        }
        return Cgroup(folder: folder)
    }

    /// Kills anything still in the group, removes it, and says whether a fork was refused
    /// for the limit (`pids.events`: `max N`).
    func finish() -> Bool {
        let events = (try? String(contentsOfFile: "\(folder)/pids.events", encoding: .utf8)) ?? ""
        let refused = events.split(separator: "\n").contains { line in
            let words = line.split(separator: " ")
            return words.count == 2 && words[0] == "max" && (Int(words[1]) ?? 0) > 0
        }
        for _ in 0..<50 {
            let members = ((try? String(contentsOfFile: "\(folder)/cgroup.procs", encoding: .utf8)) ?? "")
                .split(separator: "\n").compactMap { pid_t($0) }
            if members.isEmpty { break }
            for pid in members { kill(pid, SIGKILL) }
            usleep(2000)
        }
        rmdir(folder)
        return refused
    }
}
