import Foundation
import WorkbookSystem
import WorkbookToolchain

/// Runs a merged snippet program's snippets as forks of one process.
///
/// Each snippet still runs in a process of its own, with a time limit and an output cap,
/// so a crash hides nothing. But starting the program costs more than most snippets do:
/// the dynamic loader binds Foundation, Dispatch and the runtime again every time (about
/// 10 ms). So the merged program imports a launcher module (`source`, built once into
/// the cache like `Diner`): started with `--each`, it forks a child per snippet after the
/// libraries are loaded, at most `width` at a time. Each child then goes on from the top
/// of `main.swift`, exactly as a program started for that one snippet does. For chapter
/// 2's 17 snippets, the runs took 72 ms instead of 150 (measured). The launcher is a
/// module, not a file of the program, because compiling it with every program cost more
/// than it saved: its argument parsing alone took 0.1 s to type-check.
///
/// The launcher's protocol: `program --each FOLDER WIDTH TIMEOUT LIMIT LINE…`. A child's
/// standard output and error go to `FOLDER/LINE.out` and `FOLDER/LINE.err`, capped at
/// LIMIT + 1 bytes (`RLIMIT_FSIZE`, with `SIGXFSZ` ignored, so writes past it fail and the
/// program goes on, as it does when the pipe reader drops them). The launcher's standard
/// output says how each ended, one line each: `LINE exited CODE`, `LINE signaled SIGNAL`,
/// `LINE timedout` or `LINE unstarted`. A snippet the report does not account for is run
/// the ordinary way by the caller.
///
/// The launcher forks before anything has started a thread: top-level code runs on the
/// main thread, alone, until its first `await` — even when `main.swift` is async.
package enum ForkedRuns {
    /// The launcher's module; `main.swift` imports it and asks it `chosenSnippetLine()`.
    public static let moduleName = "SnippetLauncher"

    /// The launcher module's one file: `chosenSnippetLine()` is the snippet to run — the
    /// program's argument or, in a child forked by `--each`, that child's snippet.
    static let source = #"""
        \#(GeneratedCode.platformImport)

        // Written by `workbook run` (ForkedRuns.swift in the workbook's sources).

        public func chosenSnippetLine() -> String {
            let arguments = CommandLine.arguments
            guard arguments.count > 6, arguments[1] == "--each" else { return arguments.count > 1 ? arguments[1] : "" }
            let folder = arguments[2]
            let width = max(1, Int(arguments[3]) ?? 1)
            let timeout = Double(arguments[4]) ?? 10
            let limit = Int(arguments[5]) ?? 1_048_576
            var pending = Array(arguments[6...].reversed())
            var running: [Child] = []
            while !pending.isEmpty || !running.isEmpty {
                while running.count < width, let line = pending.popLast() {
                    let out = open("\(folder)/\(line).out", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                    let err = open("\(folder)/\(line).err", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                    let pid = out >= 0 && err >= 0 ? fork() : -1
                    if pid == 0 {
                        become(line, out: out, err: err, limit: limit)
                        return line
                    }
                    if out >= 0 { close(out) }
                    if err >= 0 { close(err) }
                    if pid < 0 {
                        report("\(line) unstarted")
                    } else {
                        setpgid(pid, pid)
                        running.append(Child(pid: pid, line: line, deadline: now() + timeout))
                    }
                }
                var status: Int32 = 0
                let ended = waitpid(-1, &status, WNOHANG)
                if ended > 0, let index = running.firstIndex(where: { $0.pid == ended }) {
                    let child = running.remove(at: index)
                    kill(-ended, SIGKILL)  // what it left running goes too
                    let signal = status & 0x7f
                    if child.timedOut {
                        report("\(child.line) timedout")
                    } else if signal == 0 {
                        report("\(child.line) exited \((status >> 8) & 0xff)")
                    } else {
                        report("\(child.line) signaled \(signal)")
                    }
                    continue
                }
                let time = now()
                for index in running.indices where !running[index].timedOut && time >= running[index].deadline {
                    kill(-running[index].pid, SIGKILL)
                    running[index].timedOut = true
                }
                usleep(1000)
            }
            exit(0)
        }

        private struct Child {
            var pid: pid_t
            var line: String
            var deadline: Double
            var timedOut = false
        }

        /// Turns a forked child into the snippet's own process.
        private func become(_ line: String, out: Int32, err: Int32, limit: Int) {
            setpgid(0, 0)
            dup2(out, 1)
            dup2(err, 2)
            close(out)
            close(err)
            var cap = rlimit(rlim_cur: rlim_t(limit + 1), rlim_max: rlim_t(limit + 1))
            _ = setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &cap)
            signal(SIGXFSZ, SIG_IGN)
        }

        /// One line on standard output, written at once (never through stdio's buffer,
        /// which a forked child would inherit and write again).
        private func report(_ text: String) {
            var line = text + "\n"
            _ = line.withUTF8 { write(1, $0.baseAddress, $0.count) }
        }

        private func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }

        """#

    /// The launcher module, built by `builder` (or found in its cache) from `source`,
    /// written to `<cache>/launcher/` when it is not there already.
    static func module(_ builder: ModuleBuilder) throws -> ModuleBuilder.BuiltModule {
        let file = CacheFolder.launcher.url(in: builder.cacheFolder).appendingPathComponent("\(moduleName).swift")
        if FileManager.default.contents(atPath: file.path) != Data(source.utf8) {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(source, to: file)
        }
        return try builder.build(name: moduleName, sources: [file])
    }

    /// How each snippet ended, by line, from the launcher's report (`timeout`: the limit a
    /// `timedout` snippet ran into). `unstarted` snippets and lines it does not understand
    /// are left out.
    static func parse(_ report: String, timeout: Double) -> [String: SnippetExecution.Ending] {
        var endings: [String: SnippetExecution.Ending] = [:]
        for line in report.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count >= 2 else { continue }
            let number = words.count > 2 ? Int32(words[2]) : nil
            switch (words[1], number) {
            case ("exited", let code?): endings[String(words[0])] = .exited(code)
            case ("signaled", let signal?): endings[String(words[0])] = .signaled(signal)
            case ("timedout", nil): endings[String(words[0])] = .timedOut(seconds: timeout)
            default: continue
            }
        }
        return endings
    }

    /// Runs `lines` (snippet arguments) of the merged `program`, `width` at a time. A line
    /// is missing from the result when the launcher could not say how it ended.
    static func run(
        _ program: URL, lines: [String], width: Int, timeout: Double, outputLimit: Int, environment: [String: String],
        sandbox: SandboxPolicy? = nil
    ) throws -> [String: SnippetExecution] {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("workbook-runs-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rounds = (lines.count + width - 1) / max(1, width)
        var options = ChildProcess.Options(
            arguments: ["--each", folder.path, String(width), String(timeout), String(outputLimit)] + lines,
            environment: environment, workingDirectory: program.deletingLastPathComponent().path,
            timeout: timeout * Double(rounds) + 10)
        // One sandbox for the launcher and all its children; they write only their outputs.
        if var policy = sandbox {
            policy.writable.append(folder.path)
            // Each child has the memory limit of one program, so the launcher's share is
            // the same number: RLIMIT_AS is per process.
            options.sandbox = policy
        }
        let result = try ChildProcess.run(program.path, options)
        let asked = Set(lines)
        var executions: [String: SnippetExecution] = [:]
        for (line, ending) in parse(result.standardOutput, timeout: timeout) where asked.contains(line) {
            let out = read(folder.appendingPathComponent("\(line).out"), limit: outputLimit)
            let err = read(folder.appendingPathComponent("\(line).err"), limit: outputLimit)
            executions[line] = SnippetExecution(
                ending: ending, standardOutput: out.text, standardError: err.text, outputTruncated: out.truncated || err.truncated)
        }
        return executions
    }

    /// At most `limit` bytes of a child's output file, and whether it held more.
    private static func read(_ file: URL, limit: Int) -> (text: String, truncated: Bool) {
        let bytes = (try? Data(contentsOf: file)) ?? Data()
        return (String(decoding: bytes.prefix(limit), as: UTF8.self), bytes.count > limit)
    }
}
