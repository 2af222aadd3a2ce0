import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a run of untrusted code (a learner's exercise, a snippet, a playground) may see
/// and touch. Nothing of the host is there but the system's programs and libraries, the
/// toolchain's runtime and a few `/etc` files (`Sandbox.systemMounts`); `readOnly` adds
/// what the program needs (the runner, the learner's workspace), `writable` the folders
/// whose contents we read back afterwards, `scratch` a private size-limited folder.
/// `hidden` folders are covered by empty ones even where a mounted path contains them.
public struct SandboxPolicy: Sendable {
    /// The command's environment and the sandbox as probed there (`HostEnvironment`).
    public let host: HostEnvironment
    /// Folders replaced by empty ones: the workbook root, its state folder.
    public var hidden: [String]
    /// Files and folders shown, read-only.
    public var readOnly: [String]
    /// Folders the program may write and we read back (bound from the host).
    public var writable: [String]
    /// A private folder the program may write, at this path: a tmpfs of `scratchLimit`
    /// bytes, gone when the run ends.
    public var scratch: String? = nil
    /// What the run may use up.
    public var limits = SandboxLimits()

    package var memoryLimit: Int { get { limits.memoryLimit } set { limits.memoryLimit = newValue } }
    package var processLimit: Int { get { limits.processLimit } set { limits.processLimit = newValue } }
    package var tmpLimit: Int { get { limits.tmpLimit } set { limits.tmpLimit = newValue } }
    package var scratchLimit: Int { get { limits.scratchLimit } set { limits.scratchLimit = newValue } }

    public init(host: HostEnvironment, hidden: [String], readOnly: [String] = [], writable: [String], scratch: String? = nil) {
        self.host = host
        self.hidden = hidden
        self.readOnly = readOnly
        self.writable = writable
        self.scratch = scratch
    }
}

/// What a sandboxed run may use up.
public struct SandboxLimits: Sendable, Equatable {
    /// Bytes of memory: of the whole run where a memory cgroup can be had, and of each
    /// process (RLIMIT_AS) always. 1 GiB: every chapter's tests run in under 200 MiB; the
    /// Swift runtime reserves no large regions (checked: chapter 3's whole suite passes
    /// under 1 GiB). The private `/tmp` and scratch count against it in the cgroup.
    package var memoryLimit: Int = 1 << 30
    /// Processes and threads together (a cgroup's `pids.max`): a test runner uses about
    /// 20 threads, libdispatch at most 64 more for blocked work.
    package var processLimit: Int = 256
    /// Bytes of the private `/tmp`; no chapter's tests write there.
    package var tmpLimit: Int = 128 << 20
    /// Bytes of the scratch folder (the run's working folder).
    package var scratchLimit: Int = 128 << 20
    /// A Thread Sanitizer run: it reserves terabytes of address space for its shadow
    /// memory (never touched, so never counted by the memory cgroup), and under any
    /// RLIMIT_AS it dies before `main` ("ThreadSanitizer setrlimit() failed 22",
    /// measured; RLIMIT_DATA counts the same reservations). So the per-process cap is
    /// dropped: the memory cgroup caps the run where there is one, and where there is
    /// none TSan's own resident-memory check does (the grader's `TSAN_OPTIONS`), which
    /// the sandbox's summary says.
    package var threadSanitizer = false

    public init() {}
}

/// A resource limit that a run went over, as established by a check (never guessed).
package enum LimitReached: String, Sendable, Codable, Equatable {
    case memory
    case processes
    /// The private `/tmp` was full when the run ended.
    case tmpSpace
    /// The scratch folder was full when the run ended.
    case scratchSpace

    package func sentence(_ policy: SandboxLimits?) -> String {
        func mebibytes(_ bytes: Int?) -> String { bytes.map { "\($0 >> 20) MiB" } ?? "the limit" }
        switch self {
        case .memory:
            let scope = Cgroup.memoryRoot != nil ? "" : " in one process"
            return "it used more than \(mebibytes(policy?.memoryLimit)) of memory\(scope) (the limit) and could allocate no more"
        case .processes:
            return "it started more than \(policy?.processLimit ?? 0) processes and threads, the limit"
        case .tmpSpace:
            return "it filled /tmp, which holds \(mebibytes(policy?.tmpLimit)) (the limit)"
        case .scratchSpace:
            return "it filled its working folder, which holds \(mebibytes(policy?.scratchLimit)) (the limit)"
        }
    }
}

/// Runs a command inside the sandbox when one can be had, and says plainly when not.
///
/// On Linux the sandbox is bubblewrap (Debian `bubblewrap`, what Flatpak is built on).
/// Inside: a user namespace of its own with uid/gid 65534 and no capabilities at all,
/// even when root starts it (root's bubblewrap otherwise keeps `CapEff 000001fffeffffff`,
/// and learner code unmounted `/proc`, remounted `/` read-write and rewrote the tests);
/// no further user namespaces; a seccomp filter (`SeccompFilter`) refusing mount,
/// namespace, ptrace and kernel calls; a terminal session of its own; no network; a PID
/// namespace with `--die-with-parent`, so everything it started ends with it. Only the
/// system's libraries and programs, the toolchain's runtime and what the policy names are
/// mounted (and a `/proc` of the sandbox's own processes). Memory is capped for the whole run by a memory cgroup where one
/// is writable (and per process by RLIMIT_AS always), processes by a `pids` cgroup, `/tmp`
/// and scratch by sized tmpfs. Elsewhere — no bubblewrap, user namespaces refused, macOS
/// — the run has the old isolation (its own process group, killed on time-out, orphans
/// swept) and `HostEnvironment.sandbox` says so.
public enum Sandbox {
    public enum Status: Sendable, Equatable {
        /// `userNamespace` false: root on a kernel that refuses user namespaces; the run is
        /// still without capabilities, but as uid 0.
        case on(bubblewrap: String, userNamespace: Bool = true)
        case off(reason: String)

        public var isOn: Bool { if case .on = self { return true } else { return false } }

        /// One line for a report: which protections hold during this run, and which are
        /// unavailable here.
        public var summary: String {
            switch self {
            case .on:
                let (on, unavailable) = protections
                return "sandbox: on (bubblewrap: " + on.joined(separator: ", ") + ")"
                    + (unavailable.isEmpty ? "" : "; unavailable: " + unavailable.joined(separator: ", "))
            case .off(let reason): return "sandbox: off — \(reason); learner code runs with your rights"
            }
        }

        /// What is missing of the full sandbox here (empty when everything holds, or when it is off).
        public var unavailable: [String] { protections.unavailable }

        private var protections: (on: [String], unavailable: [String]) {
            guard case .on(_, let userNamespace) = self else { return ([], []) }
            let limits = SandboxLimits()
            var on = [userNamespace ? "no capabilities (uid 65534)" : "no capabilities"]
            var unavailable: [String] = []
            if !userNamespace { unavailable.append("no user namespace here, so the run is uid 0 without capabilities") }
            if SeccompFilter.program != nil { on.append("system calls filtered") } else {
                unavailable.append("no system call filter on this architecture")
            }
            on += ["only the runtime and the workspace mounted", "no network"]
            if Cgroup.memoryRoot != nil {
                on.append("memory \(limits.memoryLimit >> 20) MiB for the whole run")
            } else {
                on.append("memory capped per process only (\(limits.memoryLimit >> 20) MiB each)")
                unavailable.append("no writable memory cgroup")
                // TSan cannot run under a per-process cap; its own resident-memory check
                // (`hard_rss_limit_mb`, every 100 ms) stands in, the grader sets it.
                on.append("a race exercise's run under the Thread Sanitizer capped by its own memory check, every 100 ms")
            }
            if Cgroup.pidsRoot != nil {
                on.append("processes capped")
            } else if getuid() != 0 {
                on.append("processes capped by RLIMIT_NPROC")
            } else {
                unavailable.append("no process cap: no writable pids cgroup")
            }
            on.append("/tmp \(limits.tmpLimit >> 20) MiB, scratch \(limits.scratchLimit >> 20) MiB")
            return (on, unavailable)
        }
    }

    /// Whether a sandbox can be made here (a run of `true` in it, 20–30 ms), or the
    /// outcome remembered in `memoFolder` (`SandboxProbeMemo`: what the key holds, when it
    /// is forgotten). Made once per command, in its `HostEnvironment`.
    static func probe(environment: [String: String], memoFolder: URL? = nil) -> Status {
        #if os(Linux)
        probe(environment: environment, mounts: systemMounts(environment: environment), memoFolder: memoFolder)
        #else
        // macOS: sandbox-exec is deprecated and there is no bubblewrap; the process group,
        // time limit, output cap and orphan sweep still apply.
        return .off(reason: "no sandbox on this system (bubblewrap is Linux-only)")
        #endif
    }

    #if os(Linux)
    static func probe(environment: [String: String], mounts: [String], memoFolder: URL?) -> Status {
        if environment["WORKBOOK_SANDBOX"] == "off" { return .off(reason: "turned off by WORKBOOK_SANDBOX=off") }
        guard let bwrap = findExecutable("bwrap", environment: environment) else {
            return .off(reason: "install bubblewrap (apt-get install bubblewrap)")
        }
        let memo = SandboxProbeMemo.file(in: memoFolder, bubblewrap: bwrap, arguments: commonArguments(userNamespace: true, mounts: mounts),
                                         filter: SeccompFilter.program)
        if let userNamespace = SandboxProbeMemo.recall(memo) { return .on(bubblewrap: bwrap, userNamespace: userNamespace) }
        func attempt(userNamespace: Bool) -> ChildProcess.Result? {
            let options = ChildProcess.Options(
                arguments: commonArguments(userNamespace: userNamespace, mounts: mounts) + ["--", "/bin/true"], environment: environment, timeout: 10)
            return try? ChildProcess.start(bwrap, options.arguments, options, seccomp: SeccompFilter.program)
        }
        let trial = attempt(userNamespace: true)
        // Root where user namespaces are refused (max_user_namespaces 0, some containers):
        // root's bubblewrap can still drop every capability and filter system calls.
        if trial?.termination.isSuccess != true, getuid() == 0, attempt(userNamespace: false)?.termination.isSuccess == true {
            SandboxProbeMemo.remember(userNamespace: false, in: memo)
            return .on(bubblewrap: bwrap, userNamespace: false)
        }
        guard let trial, trial.termination.isSuccess else {
            let why = trial.map { $0.standardError.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "it could not be started"
            return .off(reason: "bubblewrap cannot make a sandbox here (\(why.isEmpty ? "\(trial?.termination.description ?? "")" : why)); "
                + "unprivileged user namespaces may be turned off, or bubblewrap is older than 0.8")
        }
        SandboxProbeMemo.remember(userNamespace: true, in: memo)
        return .on(bubblewrap: bwrap)
    }

    /// Everything but the policy's folders: no capabilities and an unprivileged user in a
    /// user namespace that cannot make more, a new session, the system read-only, a fresh
    /// /dev, a sized /tmp, no network, no System V IPC, own PID namespace, gone when we
    /// are. (`--disable-userns` needs bubblewrap 0.8, `--size` 0.5.)
    static func commonArguments(userNamespace: Bool, mounts: [String]) -> [String] {
        let limits = SandboxLimits()
        var words = userNamespace ? ["--unshare-user", "--uid", "65534", "--gid", "65534", "--disable-userns"] : []
        words += [
            "--cap-drop", "ALL", "--new-session", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try", "--die-with-parent",
        ]
        words += mounts
        words += ["--dev", "/dev", "--proc", "/proc"]
        // bubblewrap's /dev (its /dev/shm with it) is a tmpfs the run's uid owns, with no
        // size: 600 MiB went into /dev/shm (issue 56, measured). Read-only; its devices still work.
        words += ["--remount-ro", "/dev"]
        // Root's uid is the sandbox's 65534 (or 0 itself without a user namespace), and
        // /proc/sys files are writable by their owner, whatever the capabilities: checked,
        // learner code wrote /proc/sys/kernel/hostname and could have written the kernel's
        // other settings. Covered read-only, with the other host-wide files bubblewrap names.
        for path in ["/proc/sys", "/proc/sysrq-trigger", "/proc/irq", "/proc/bus"] { words += ["--ro-bind-try", path, path] }
        words += ["--size", String(limits.tmpLimit), "--tmpfs", "/tmp"]
        if SeccompFilter.program != nil { words += ["--seccomp", String(seccompDescriptor)] }
        return words
    }

    /// util-linux's, in Debian's base system.
    static let setpriv = "/usr/bin/setpriv"

    /// The first folder on the way to one of `paths` that others may not search (no
    /// `o+x`), so that nobody cannot reach what lies under it; nil when nobody reaches all
    /// (paths that do not exist are not bound, and are left out).
    package static func privateFolder(among paths: [String]) -> String? {
        for path in paths where FileManager.default.fileExists(atPath: path) {
            var folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
            var ancestors: [String] = []
            while true {
                ancestors.append(folder.path)
                if folder.path == "/" { break }
                folder.deleteLastPathComponent()
            }
            for ancestor in ancestors.reversed() {
                var info = stat()
                guard stat(ancestor, &info) == 0 else { return ancestor }
                if info.st_mode & S_IXOTH == 0 { return ancestor }
            }
        }
        return nil
    }

    /// What a command run by root says when its workbook lies under a folder nobody cannot
    /// search (`privateFolder(among:)`): its learner code then runs in root's own
    /// bubblewrap, not as nobody. Nil otherwise (not root, or no such folder, or nobody's
    /// bubblewrap unavailable here anyway).
    package static func rootsOwnNote(for paths: [String], host: HostEnvironment) -> String? {
        #if os(Linux)
        guard getuid() == 0, case .on(_, true) = host.sandbox, host.nobodyCanSandbox,
              let folder = privateFolder(among: paths) else { return nil }
        return "sandbox: learner code ran in root's own bubblewrap, not as nobody (nobody cannot search \(folder), "
            + "which holds the workbook: no o+x); under folders others can search, it runs as nobody"
        #else
        return nil
        #endif
    }

    /// Whether bubblewrap run as nobody makes a sandbox here (unprivileged user namespaces
    /// allowed): tried once per command (`HostEnvironment`), and root's own bubblewrap is
    /// used when not.
    static func nobodyCanSandbox(status: Status, mounts: [String]) -> Bool {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: setpriv), case .on(let bwrap, true) = status else { return false }
        let arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "--", bwrap] + commonArguments(userNamespace: true, mounts: mounts) + ["--", "/bin/true"]
        let trial = try? ChildProcess.start(setpriv, arguments, ChildProcess.Options(arguments: arguments, timeout: 10), seccomp: SeccompFilter.program)
        return trial?.termination.isSuccess == true
    }

    /// The descriptor bubblewrap reads the filter from (it closes it before the program starts).
    static let seccompDescriptor: Int32 = 4

    /// What every run needs of the host, measured with `ldd` and `strace -f -e trace=file`
    /// on a test runner, a snippet program and a crash report (Swift 6.3.1, Debian 12):
    /// the loader and libc in /usr/lib (with merged /usr, /lib, /lib64, /bin and /sbin are
    /// links into it), the toolchain's runtime (`usr/lib/swift/linux`) and backtracer
    /// (`usr/libexec/swift/linux/swift-backtrace`), `/etc/ld.so.cache`, and `/etc/passwd`,
    /// `group`, `nsswitch.conf`, `localtime` for Foundation's user and time zone look-ups
    /// (it reads the zone from /usr/share/zoneinfo). Nothing else of `/etc`: no shadow, no
    /// hosts. No `/sys`. A `/proc` of the sandbox's own PID namespace, because without
    /// one (measured) the test runner traps at start (`readlink /proc/self/exe`) and the
    /// crash backtracer cannot load (`$ORIGIN` comes from /proc/self/exe) nor read
    /// `/proc/self/maps`/`task`. So `/proc/self/mountinfo` is readable, but names only
    /// these mounts and nothing unmounted can be reached without capabilities; and
    /// `/proc/self/mem` and `/proc/self/fd/N` are the process's own, as its memory and
    /// descriptors are: a secret in the runner's process is not safe from its code.
    static func systemMounts(environment: [String: String]) -> [String] {
        var words: [String] = []
        let manager = FileManager.default
        for top in ["/usr"] where manager.fileExists(atPath: top) { words += ["--ro-bind", top, top] }
        for top in ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"] {
            if let target = try? manager.destinationOfSymbolicLink(atPath: top) {
                words += ["--symlink", target, top]
            } else if manager.fileExists(atPath: top) {
                words += ["--ro-bind", top, top]
            }
        }
        for file in ["/etc/ld.so.cache", "/etc/passwd", "/etc/group", "/etc/nsswitch.conf", "/etc/localtime"]
        where manager.fileExists(atPath: file) {
            // `localtime` is a link into /usr/share/zoneinfo, which is mounted.
            if let target = try? manager.destinationOfSymbolicLink(atPath: file) {
                words += ["--symlink", target, file]
            } else {
                words += ["--ro-bind", file, file]
            }
        }
        for folder in toolchainRuntime(environment: environment) { words += ["--ro-bind", folder, folder] }
        return words
    }

    /// The runtime libraries and the backtracer of the toolchain on PATH (and of
    /// `/opt/swift`, where the official images put it), unless /usr already has them.
    static func toolchainRuntime(environment: [String: String]) -> [String] {
        var prefixes: [String] = []
        if let swiftc = findExecutable("swiftc", environment: environment) {
            let real = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath()
            prefixes.append(real.deletingLastPathComponent().deletingLastPathComponent().path)
        }
        prefixes.append("/opt/swift/usr")
        var folders: [String] = []
        for prefix in prefixes where !prefix.hasPrefix("/usr") && prefix != "/" {
            for sub in ["lib/swift/linux", "libexec/swift/linux"] {
                let folder = "\(prefix)/\(sub)"
                if FileManager.default.fileExists(atPath: folder), !folders.contains(folder) { folders.append(folder) }
            }
        }
        return folders
    }
    #endif

    /// A command ready to start, and what to read and tidy once it has ended.
    struct Launch {
        var executable: String
        var arguments: [String]
        var cgroup: Cgroup?
        /// bubblewrap passes on a signal that ended the program as exit status 128 + its number.
        var reportsSignalsAsStatus = false
        /// The filter to hand bubblewrap on `Sandbox.seccompDescriptor`.
        var seccomp: [UInt8]? = nil
        /// Starts the lines the sandbox's own check writes to standard error after the
        /// program ended ("<nonce> full /tmp"); random per run.
        var nonce: String? = nil

        /// The limits the run went over, read from the kernel's own counters, and the
        /// standard error without the sandbox's own lines.
        func finish(standardError: String) -> (reached: Set<LimitReached>, standardError: String) {
            var reached: Set<LimitReached> = []
            if let counts = cgroup?.finish() {
                if counts.processesRefused { reached.insert(.processes) }
                if counts.memoryKilled { reached.insert(.memory) }
            }
            // The Swift runtime's own words when an allocation fails (RLIMIT_AS reached).
            if standardError.contains("failed to allocate") || standardError.contains("Could not allocate memory")
                || standardError.contains("std::bad_alloc") || standardError.contains("Cannot allocate memory") {
                reached.insert(.memory)
            }
            guard let nonce else { return (reached, standardError) }
            var kept: [Substring] = []
            for line in standardError.split(separator: "\n", omittingEmptySubsequences: false) {
                if line == "\(nonce) full /tmp" { reached.insert(.tmpSpace) }
                else if line == "\(nonce) full scratch" { reached.insert(.scratchSpace) }
                else { kept.append(line) }
            }
            return (reached, kept.joined(separator: "\n"))
        }
    }

    /// `executable arguments…` wrapped so that it runs under `policy`; unchanged when the
    /// sandbox is off.
    static func launch(_ executable: String, _ arguments: [String], policy: SandboxPolicy, workingDirectory: String?) -> Launch {
        #if os(Linux)
        var command = [executable] + arguments
        var seccomp: [UInt8]? = nil
        var nonce: String? = nil
        if case .on(let bwrap, let userNamespace) = policy.host.sandbox {
            var words = commonArguments(userNamespace: userNamespace, mounts: policy.host.mounts)
            if policy.tmpLimit != SandboxLimits().tmpLimit {
                words += ["--size", String(policy.tmpLimit), "--tmpfs", "/tmp"]
            }
            for folder in policy.hidden where FileManager.default.fileExists(atPath: folder) { words += ["--tmpfs", folder] }
            for path in policy.readOnly where FileManager.default.fileExists(atPath: path) { words += ["--ro-bind", path, path] }
            if let scratch = policy.scratch { words += ["--size", String(policy.scratchLimit), "--tmpfs", scratch] }
            // After the scratch: a writable folder inside it (a coverage run's counters) is
            // bound over the tmpfs, not hidden by it.
            for folder in policy.writable { words += ["--bind", folder, folder] }
            // The root bubblewrap builds is a tmpfs the run's uid owns, with no size (300 MiB
            // went into it, issue 56): read-only once every mount point is made.
            words += ["--remount-ro", "/"]
            if let workingDirectory { words += ["--chdir", workingDirectory] }
            // After the program: is /tmp (or scratch) full? A byte written by the shell's
            // own printf (no process started: `stat -f` cost 27 ms a run on this loaded
            // machine) fails only when no page is left. Said on standard error under a
            // nonce; a program that reads it from the shell's /proc/PID/cmdline can fake
            // a full /tmp or hide one, which changes a cause in its own report, never a result.
            let mark = UUID().uuidString
            nonce = mark
            func probe(_ folder: String, _ name: String) -> String {
                #"{ printf x > '\#(folder)/.\#(mark)'; } 2>/dev/null || echo "\#(mark) full \#(name)" >&2; "#
            }
            let check = #""$@"; s=$?; "# + probe("/tmp", "/tmp") + (policy.scratch.map { probe($0, "scratch") } ?? "") + "exit $s"
            command = [bwrap] + words + ["--", "/bin/sh", "-c", check, "sh"] + command
            // Started by root, the sandbox's uid 65534 was root's own uid outside, so the files
            // a process owns only while dumpable (its /proc/self/mem and fd, root's once the
            // test runner is not dumpable) stayed its own: checked, it opened them. bubblewrap
            // then runs as nobody, whom the sandbox's uid is outside too.
            // Only where nobody can reach every folder it binds: bubblewrap opens them as its
            // own user, and a folder under a private one (root's 0700 home, a `mktemp -d`)
            // stopped every run ("Can't find source path …: Permission denied", measured).
            // There root's own bubblewrap runs, as without unprivileged namespaces; the
            // command says so (`privateFolder(among:)`).
            if userNamespace, getuid() == 0, policy.host.nobodyCanSandbox,
               Self.privateFolder(among: policy.readOnly + policy.writable) == nil {
                command = [Self.setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--"] + command
                // The folders it may write (a forked run's output folder) are then nobody's.
                for folder in policy.writable { _ = chown(folder, 65534, 65534) }
            }
            seccomp = SeccompFilter.program
        }
        let viaBubblewrap = command.count > arguments.count + 1
        let cgroup = Cgroup.make(processLimit: policy.processLimit, memoryLimit: policy.memoryLimit)
        // The limits hold with or without bubblewrap.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit") {
            var limits = policy.limits.threadSanitizer ? [] : ["--as=\(policy.memoryLimit)"]
            // No cgroup (a normal user, usually): RLIMIT_NPROC, which counts every task of
            // the user, so the cap is what the user already runs plus the run's share.
            // (Root is exempt from it; root gets the cgroup.)
            if cgroup?.hasProcessLimit != true, getuid() != 0, let running = policy.host.tasksOfThisUser {
                limits.append("--nproc=\(running + policy.processLimit)")
            }
            if !limits.isEmpty { command = ["/usr/bin/prlimit"] + limits + ["--"] + command }
        }
        if let cgroup {
            // The shell joins the cgroups, then becomes the command: nothing runs outside them.
            let joins = cgroup.folders.indices.map { #"echo $$ > "${\#($0 + 1)}/cgroup.procs""# }.joined(separator: " && ")
            command = ["/bin/sh", "-c", joins + #" && shift \#(cgroup.folders.count) && exec "$@""#, "sh"] + cgroup.folders + command
        }
        return Launch(
            executable: command[0], arguments: Array(command.dropFirst()), cgroup: cgroup, reportsSignalsAsStatus: viaBubblewrap,
            seccomp: seccomp, nonce: nonce)
        #else
        return Launch(executable: executable, arguments: arguments)
        #endif
    }

    /// Tasks (threads included, as RLIMIT_NPROC counts them) this user runs now
    /// (`HostEnvironment.tasksOfThisUser` counts them once per command).
    static func countTasksOfThisUser() -> Int? {
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
    }

    package static func findExecutable(_ name: String, environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

