import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// posix_spawn's opaque types: structs in glibc, pointers on Darwin.
#if os(Linux)
typealias SpawnFileActions = posix_spawn_file_actions_t
typealias SpawnAttributes = posix_spawnattr_t
private func makeSpawnFileActions() -> SpawnFileActions { posix_spawn_file_actions_t() }
private func makeSpawnAttributes() -> SpawnAttributes { posix_spawnattr_t() }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Glibc.read(fd, buffer, count) }
#else
typealias SpawnFileActions = posix_spawn_file_actions_t?
typealias SpawnAttributes = posix_spawnattr_t?
private func makeSpawnFileActions() -> SpawnFileActions { nil }
private func makeSpawnAttributes() -> SpawnAttributes { nil }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Darwin.read(fd, buffer, count) }
#endif

/// Runs a program the way untrusted code must be run: in its own process group, with a
/// time limit, with its output read while it runs and capped, and with anything it
/// leaves behind killed when it ends. Learners' code and chapter snippets go through
/// here; so does the compiler.
public enum ChildProcess {
    /// How the child ended.
    public enum Termination: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)
        /// Killed by us after the time limit.
        case timedOut(seconds: Double)

        package var isSuccess: Bool { self == .exited(0) }

        public var description: String {
            switch self {
            case .exited(let code): return "exited with status \(code)"
            case .signaled(let signal): return "killed by signal \(signal) (\(ChildProcess.signalName(signal)))"
            case .timedOut(let seconds): return "timed out after \(seconds.formatted()) s"
            }
        }
    }

    public struct Result: Sendable, Equatable {
        package var termination: Termination
        public var standardOutput: String
        public var standardError: String
        /// True when the output went past the limit and the rest was dropped.
        public var outputTruncated: Bool
        public var seconds: Double
        /// CPU time the child used (user + system): near `seconds` for a busy loop,
        /// near zero for a program blocked in a deadlock.
        package var cpuSeconds: Double = 0
        /// Of `seconds`, the time the child spent runnable but waiting for a processor
        /// (a busy machine), which its time limit did not count; measured when the limit
        /// was reached (Linux), zero otherwise.
        package var processorWaitSeconds: Double = 0
        /// What the child wrote to its results channel (file descriptor 3), when asked for one.
        public var results: [UInt8] = []
        /// The limits of the sandbox the run went over, as the kernel counted them.
        package var limitsReached: Set<LimitReached> = []
        /// True when it ran inside the sandbox.
        package var sandboxed = false
        /// bubblewrap's own words when it could not set the run up (it exits 1 with a line
        /// of its own, `bwrap: …`, before the program starts): nothing of the program ran.
        /// A program can print that line and exit 1 too, so with a results channel the
        /// channel must also be empty: the test runner writes its first record (Testing's
        /// `runStarted`) before any code under test runs.
        package var sandboxSetupFailure: String? {
            guard sandboxed, termination == .exited(1), standardError.hasPrefix("bwrap: "), results.isEmpty else { return nil }
            return standardError.split(separator: "\n", maxSplits: 1).first.map(String.init)
        }
    }

    public struct Options: Sendable {
        public var arguments: [String] = []
        /// The child's environment; nil inherits ours. With `sandbox`, only what
        /// `LearnerEnvironment` lets through of it reaches the child.
        public var environment: [String: String]? = nil
        public var workingDirectory: String? = nil
        public var timeout: Double = 10
        /// Bytes kept of standard output and of standard error, each.
        public var outputLimit: Int = 1 << 20
        public var standardInput: String? = nil
        /// Gives the child a pipe on file descriptor 3 that only it writes and only we
        /// read: the test runner's results, out of reach of any path the code under
        /// test can read from its arguments or environment.
        package var resultsChannel = false
        /// Runs the child in the sandbox (when one can be had: `policy.host.sandbox`).
        public var sandbox: SandboxPolicy? = nil
        /// How long the child's process group has waited for a processor, asked when the
        /// limit is reached (`Orphans.processorWaitSeconds`); a test gives its own figures.
        package var processorWait: @Sendable (pid_t) -> Double = Orphans.processorWaitSeconds(ofGroup:)

        public init(
            arguments: [String] = [], environment: [String: String]? = nil, workingDirectory: String? = nil,
            timeout: Double = 10, outputLimit: Int = 1 << 20
        ) {
            self.arguments = arguments
            self.environment = environment
            self.workingDirectory = workingDirectory
            self.timeout = timeout
            self.outputLimit = outputLimit
        }
    }

    public enum LaunchError: Error, Sendable, Equatable, CustomStringConvertible {
        case cannotStart(String, errno: Int32)
        public var description: String {
            switch self {
            case .cannotStart(let path, let code): return "cannot start \(path): \(String(cString: strerror(code)))"
            }
        }
    }

    /// Runs `executable` (an absolute path) and waits for it, at most `options.timeout` seconds.
    public static func run(_ executable: String, _ options: Options = Options()) throws(LaunchError) -> Result {
        guard let policy = options.sandbox else {
            #if os(Linux)
            // Dies with us: a `kill -9` of the workbook left compilers running for seconds
            // (measured). The spawning thread waits for the child, so the signal, which
            // follows the thread, comes only when the process goes.
            if let setpriv = Self.setpriv {
                let result = try start(setpriv, ["--pdeathsig", "KILL", "--", executable] + options.arguments, options)
                // setpriv says 127 when it cannot run the program; as a direct spawn would have.
                if result.termination == .exited(127), result.standardError.hasPrefix("setpriv: failed to execute") {
                    throw .cannotStart(executable, errno: ENOENT)
                }
                return result
            }
            #endif
            return try start(executable, options.arguments, options)
        }
        let launch = Sandbox.launch(executable, options.arguments, policy: policy, workingDirectory: options.workingDirectory)
        // Untrusted code never sees the caller's shell: only an allow-list (LearnerEnvironment).
        var confined = options
        confined.environment = LearnerEnvironment.make(
            from: options.environment ?? policy.host.variables, policy: policy,
            workingDirectory: options.workingDirectory, sandboxOn: policy.host.sandbox.isOn)
        var result = try start(launch.executable, launch.arguments, confined, seccomp: launch.seccomp)
        (result.limitsReached, result.standardError) = launch.finish(standardError: result.standardError)
        result.sandboxed = policy.host.sandbox.isOn
        // bubblewrap could not set the run up (its own words, exit 1): a remembered probe
        // may be out of date, so the next command probes again.
        if result.sandboxSetupFailure != nil { policy.host.forgetProbe() }
        // bubblewrap passes on a signal that ended the program as 128 + its number. (A program that calls exit(134) itself reads as SIGABRT; no Swift
        // trap or test runner does.)
        if launch.reportsSignalsAsStatus, case .exited(let code) = result.termination, (129...159).contains(code) {
            result.termination = .signaled(code - 128)
        }
        return result
    }

    /// `seccomp`: a filter program handed to the child on `Sandbox.seccompDescriptor`
    /// (3 without a results channel, 4 with one), for bubblewrap's `--seccomp`.
    static func start(
        _ executable: String, _ arguments: [String], _ options: Options, seccomp: [UInt8]? = nil
    ) throws(LaunchError) -> Result {
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0], inPipe: [Int32] = [0, 0], resultsPipe: [Int32] = [-1, -1]
        // Pipes are close-on-exec and made under a lock with the spawn, so a child started
        // at the same time by another thread never inherits them (and never holds another
        // child's output open after that child has ended).
        spawnLock.lock()
        var locked = true
        defer { if locked { spawnLock.unlock() } }
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0, pipe(&inPipe) == 0,
              !options.resultsChannel || pipe(&resultsPipe) == 0 else {
            throw .cannotStart(executable, errno: errno)
        }
        if options.resultsChannel {
            // Never 3 itself: `dup2(3, 3)` would leave it close-on-exec.
            let high = fcntl(resultsPipe[1], F_DUPFD_CLOEXEC, 64)
            close(resultsPipe[1])
            resultsPipe[1] = high
        }
        // A fresh memory file per run: its offset is its own, so bubblewrap reads it from the start.
        let filter = seccomp.map { Self.memoryFile(holding: $0) } ?? -1
        defer { if filter >= 0 { close(filter) } }
        let channel = options.resultsChannel ? resultsPipe : []
        for fd in inPipe + outPipe + errPipe + channel { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }

        var actions = makeSpawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        if options.resultsChannel { posix_spawn_file_actions_adddup2(&actions, resultsPipe[1], 3) }
        // A pipe end that happened to be 3 was replaced by the dup2 above: leave it.
        for fd in inPipe + outPipe + errPipe + channel where !(options.resultsChannel && fd == 3) {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        // Nothing else of ours: a file Foundation opened without close-on-exec (a program
        // being written, a lock) would otherwise stay open in the child for its whole life.
        var firstClosed: Int32 = options.resultsChannel ? 4 : 3
        if filter >= 0 {
            posix_spawn_file_actions_adddup2(&actions, filter, Sandbox.seccompDescriptor)
            firstClosed = Sandbox.seccompDescriptor + 1
            // Without a results channel nothing belongs on 3 (closing a free one is no error).
            if !options.resultsChannel { posix_spawn_file_actions_addclose(&actions, 3) }
        }
        if let addCloseFrom = Self.addCloseFrom { _ = addCloseFrom(&actions, firstClosed) }
        if let directory = options.workingDirectory {
            guard let addChdir = Self.addChdir else { throw .cannotStart(executable, errno: ENOSYS) }
            _ = addChdir(&actions, directory)
        }

        var attributes = makeSpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, so a timeout can kill everything it started.
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))

        let argv = [executable] + arguments
        // nil: the process's own environment, as a spawn inherits it.
        let environment = options.environment.map { $0.map { "\($0.key)=\($0.value)" } }
        func spawn() -> (Int32, pid_t) {
            Orphans.spawnTracked {
                var pid: pid_t = 0
                let status = withCStrings(argv) { cArgs in
                    guard let environment else { return posix_spawn(&pid, executable, &actions, &attributes, cArgs, environ) }
                    return withCStrings(environment) { cEnv in
                        posix_spawn(&pid, executable, &actions, &attributes, cArgs, cEnv)
                    }
                }
                return (status, pid)
            }
        }
        var (status, pid) = spawn()
        // "Text file busy": a program just written by this process can still be open for
        // writing in a child that another thread is starting, until that child closes our
        // files. It lasts microseconds; try again a few times.
        for _ in 0..<20 where status == ETXTBSY {
            usleep(5000)
            (status, pid) = spawn()
        }
        // The limit starts with the child, not before the lock: side by side, other
        // threads' spawns held it while the clock ran (the engine's suites start dozens).
        let start = Date()
        close(inPipe[0]); close(outPipe[1]); close(errPipe[1])
        if options.resultsChannel { close(resultsPipe[1]) }
        spawnLock.unlock()
        locked = false
        if status != 0 {
            close(inPipe[1]); close(outPipe[0]); close(errPipe[0])
            if options.resultsChannel { close(resultsPipe[0]) }
            throw .cannotStart(executable, errno: status)
        }
        if let input = options.standardInput {
            _ = input.withCString { write(inPipe[1], $0, strlen($0)) }
        }
        close(inPipe[1])

        var collector = OutputCollector(limit: options.outputLimit, stdoutFD: outPipe[0], resultsFD: options.resultsChannel ? resultsPipe[0] : -1)
        let termination = collector.collect(
            pid: pid, stderrFD: errPipe[0], deadline: start.addingTimeInterval(options.timeout),
            timeout: options.timeout, processorWait: options.processorWait)
        close(outPipe[0]); close(errPipe[0])
        if options.resultsChannel { close(resultsPipe[0]) }
        Orphans.finished(pid)
        return Result(
            termination: termination,
            standardOutput: String(decoding: collector.out, as: UTF8.self),
            standardError: String(decoding: collector.err, as: UTF8.self),
            outputTruncated: collector.truncated,
            seconds: Date().timeIntervalSince(start),
            cpuSeconds: collector.cpuSeconds,
            processorWaitSeconds: collector.processorWait,
            results: collector.results)
    }

    private static let spawnLock = NSLock()

    /// `bytes` in an anonymous close-on-exec memory file, read from its start; -1 when
    /// one cannot be made (the sandbox's trial run then fails and says so).
    private static func memoryFile(holding bytes: [UInt8]) -> Int32 {
        #if os(Linux)
        guard let memfdCreate = Self.memfdCreate else { return -1 }
        let fd = memfdCreate("workbook-seccomp", 1)  // MFD_CLOEXEC
        guard fd >= 0 else { return -1 }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count, lseek(fd, 0, SEEK_SET) == 0 else { close(fd); return -1 }
        return fd
        #else
        return -1
        #endif
    }

    /// util-linux's `setpriv`, to give a child the parent-death signal posix_spawn cannot.
    private static let setpriv: String? = FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") ? "/usr/bin/setpriv" : nil

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29+), which the Glibc module
    /// does not export; looked up once at run time.
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<SpawnFileActions>, UnsafePointer<CChar>) -> Int32
    private static let addChdir: AddChdir? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: AddChdir.self)
    }()

    /// glibc's `memfd_create` (2.27+), behind _GNU_SOURCE, which the Glibc module does not define.
    private typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
    private static let memfdCreate: MemfdCreate? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "memfd_create") else { return nil }
        return unsafeBitCast(symbol, to: MemfdCreate.self)
    }()

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), looked up the same way.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<SpawnFileActions>, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()

    /// `SIGSEGV` for 11: what a learner can look up.
    package static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGILL: "SIGILL, a Swift runtime trap: fatalError, precondition, index out of range, force-unwrapped nil",
            SIGTRAP: "SIGTRAP, a Swift runtime trap", SIGABRT: "SIGABRT", SIGSEGV: "SIGSEGV, a bad memory access",
            SIGBUS: "SIGBUS", SIGFPE: "SIGFPE, an arithmetic error", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM",
        ]
        return names[signal] ?? "signal \(signal)"
    }

    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> T) -> T {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

/// Reads both pipes until the child ends (or the deadline passes), keeping at most
/// `limit` bytes of each and draining the rest so a chatty child never blocks.
private struct OutputCollector {
    let limit: Int
    let stdoutFD: Int32
    /// The results channel, or -1; kept whole up to 64 MiB (a suite's records are a few KiB).
    let resultsFD: Int32
    var out: [UInt8] = []
    var err: [UInt8] = []
    var results: [UInt8] = []
    var truncated = false
    var cpuSeconds: Double = 0
    /// How far the deadline was moved for time spent waiting for a processor.
    var processorWait: Double = 0

    /// A limit counts the time the child had, not the time a busy machine kept it waiting
    /// for a processor: with a 2 s limit, correct test runners were stopped while the
    /// engine's suites kept both cores of a test machine busy, having used 0.0 s of CPU.
    /// At most this many times the limit is added, so a starved endless loop still ends.
    static let mostProcessorWait = 4.0

    init(limit: Int, stdoutFD: Int32, resultsFD: Int32 = -1) {
        self.limit = limit
        self.stdoutFD = stdoutFD
        self.resultsFD = resultsFD
    }

    mutating func collect(
        pid: pid_t, stderrFD: Int32, deadline: Date, timeout: Double, processorWait waitedSoFar: (pid_t) -> Double
    ) -> ChildProcess.Termination {
        var deadline = deadline
        var open: Set<Int32> = [stdoutFD, stderrFD]
        if resultsFD >= 0 { open.insert(resultsFD) }
        var termination: ChildProcess.Termination?
        var closingDeadline: Date?
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if termination == nil, let ended = reap(pid, blocking: false) {
                termination = ended
                // The child is gone: whatever it left running goes too, so its pipes close.
                kill(-pid, SIGKILL)
                Orphans.sweep()
                closingDeadline = Date().addingTimeInterval(1)
            }
            if open.isEmpty, termination != nil { break }
            // A leftover we could not reach still holds the pipes: stop listening.
            if let closingDeadline, Date() >= closingDeadline {
                drain(&open, &buffer)
                break
            }
            if Date() >= deadline, termination == nil {
                let waited = min(waitedSoFar(pid), Self.mostProcessorWait * timeout)
                if waited - processorWait >= 0.05 {
                    deadline += waited - processorWait
                    processorWait = waited
                    continue
                }
                // The program may be a grandchild (in the sandbox), which the reap below
                // never accounts for: read what the whole group has used first.
                cpuSeconds = Orphans.cpuSeconds(ofGroup: pid)
                kill(-pid, SIGKILL)
                _ = reap(pid, blocking: true)
                Orphans.sweep()
                termination = .timedOut(seconds: timeout)
                drain(&open, &buffer)
                break
            }
            if open.isEmpty {
                // Output closed but the child lives on: wait for it a little at a time.
                usleep(2000)
                continue
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let wait = Int32(max(1, min(50, deadline.timeIntervalSinceNow * 1000)))
            let ready = poll(&fds, nfds_t(fds.count), wait)
            if ready <= 0 { continue }
            for entry in fds where entry.revents != 0 {
                read(entry.fd, into: &buffer, open: &open)
            }
        }
        return termination ?? .timedOut(seconds: timeout)
    }

    private mutating func read(_ fd: Int32, into buffer: inout [UInt8], open: inout Set<Int32>) {
        let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
        if count <= 0 {
            if count == 0 || (errno != EINTR && errno != EAGAIN) { open.remove(fd) }
            return
        }
        if fd == resultsFD {
            if results.count + count <= 64 << 20 { results += buffer[0..<count] }
            return
        }
        let room = limit - (fd == stdoutFD ? out.count : err.count)
        let kept = max(0, min(room, count))
        if kept < count { truncated = true }
        if kept > 0 {
            if fd == stdoutFD { out += buffer[0..<kept] } else { err += buffer[0..<kept] }
        }
    }

    /// After a kill: read what is already in the pipes without waiting for more.
    private mutating func drain(_ open: inout Set<Int32>, _ buffer: inout [UInt8]) {
        for fd in open {
            let flags = fcntl(fd, F_GETFL)
            _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        }
        var rounds = 0
        while !open.isEmpty, rounds < 64 {
            rounds += 1
            for fd in open { read(fd, into: &buffer, open: &open) }
        }
    }

    private mutating func reap(_ pid: pid_t, blocking: Bool) -> ChildProcess.Termination? {
        var status: Int32 = 0
        var usage = rusage()
        let result = wait4(pid, &status, blocking ? 0 : WNOHANG, &usage)
        guard result == pid else { return nil }
        cpuSeconds = max(cpuSeconds, 0) + Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
        // WIFEXITED / WIFSIGNALED are macros; decode the status word by hand.
        let signal = status & 0x7f
        if signal == 0 { return .exited((status >> 8) & 0xff) }
        return .signaled(signal)
    }
}
