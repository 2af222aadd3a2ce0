import Foundation

/// The environment untrusted code starts with: a short allow-list, never the shell's.
///
/// Every variable of the grading shell used to reach the tests: a token set there was
/// printed by a student's code into that student's feedback page, the gradebook and the
/// results JSON (issue 56). So a sandboxed run gets only what a program needs to start and
/// to speak the user's language, plus what the caller itself set for the run (the
/// backtracer's settings, the runner's library path), and a HOME and TMPDIR of its own.
package enum LearnerEnvironment {
    /// Names passed on when the given environment has them: locale and terminal, and the
    /// settings the workbook gives its own runs (SWIFT_BACKTRACE, NO_COLOR, the runner's
    /// LD_LIBRARY_PATH, which names only toolchain and cache folders).
    /// WORKBOOK_MUTANT: the repair probe's choice of mutant in its schema (WorkbookLocate),
    /// a number the grader sets, never anything of the caller's shell. TSAN_OPTIONS: the
    /// Thread Sanitizer's settings for a race exercise's run (`ThreadSanitizerRun`).
    static let passed: Set<String> = [
        "LANG", "LANGUAGE", "TERM", "TZ", "NO_COLOR", "SWIFT_BACKTRACE", "LD_LIBRARY_PATH", "WORKBOOK_MUTANT", "TSAN_OPTIONS",
    ]

    /// Where a per-test coverage run writes its counters: passed only when it names a file
    /// in a folder the run may write (`SandboxPolicy.writable`, the counters folder the
    /// grader made), never a path of the caller's shell.
    static let countersFile = "LLVM_PROFILE_FILE"

    /// glibc's malloc arenas, at most two. Each arena reserves 64 MiB of address space, and
    /// threads that contend for malloc make more of them (up to 8 per processor): on a busy
    /// machine 3.2's tests reached 983 MB of the run's 1 GiB RLIMIT_AS (`SandboxLimits`),
    /// and a reservation past it crashed the runner with SIGSEGV before a test ended — the
    /// reference failing `verify` about one CI run in ten. With two: 213–263 MB over 8 runs
    /// beside six busy loops, against 300–983 MB without (measured 2026-12-06). Linux only
    /// (glibc); the caller cannot change it.
    static let arenaLimit = (name: "MALLOC_ARENA_MAX", value: "2")

    /// PATH inside: the system's programs only (the sandbox mounts nothing else).
    static let path = "/usr/local/bin:/usr/bin:/bin"

    /// What a run under `policy` sees, from the environment the caller would have given it.
    /// HOME is the run's scratch folder (or `/tmp`); TMPDIR is `/tmp`, private in the sandbox.
    /// Without the sandbox (macOS, no bubblewrap) the same names are passed; HOME and TMPDIR
    /// are then the run's working folder and the system's temporary folder.
    public static func make(from given: [String: String], policy: SandboxPolicy, workingDirectory: String?, sandboxOn: Bool)
        -> [String: String]
    {
        var environment = given.filter { passed.contains($0.key) || $0.key.hasPrefix("LC_") }
        if let counters = given[countersFile], policy.writable.contains(where: { counters.hasPrefix($0 + "/") }) {
            environment[countersFile] = counters
        }
        environment["PATH"] = path
        #if os(Linux)
        environment[arenaLimit.name] = arenaLimit.value
        #endif
        if sandboxOn {
            environment["HOME"] = policy.scratch ?? "/tmp"
            environment["TMPDIR"] = "/tmp"
        } else {
            let temporary = FileManager.default.temporaryDirectory.path
            environment["HOME"] = policy.scratch ?? workingDirectory ?? temporary
            environment["TMPDIR"] = temporary
        }
        return environment
    }
}
