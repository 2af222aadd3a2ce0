import Foundation
import WorkbookSystem

/// The toolchain's coverage tools: `llvm-profdata` and `llvm-cov` beside `swiftc`, and the
/// profile runtime that `-profile-generate` links (where it lies is the platform's
/// difference). With any of them missing there is no `ProfileTools`, and per-test
/// coverage is skipped: the report says what it says without it.
///
/// The counters they read were written by learner code (the instrumented runner runs it),
/// so they are untrusted input: both tools run in the sandbox, seeing only the counters'
/// folder and the runner; the counters are read only from a regular file of at most
/// `countersLimit` bytes; their output is capped, and anything unexpected means no
/// coverage, never an error. A forged profile can only change which of the learner's own
/// lines the report points at (docs/threat-model.md).
package struct ProfileTools: Sendable {
    package let profdata: String
    package let cov: String

    /// Bytes of one test's counters at most: a chapter module's are about 20 KB (measured).
    package static let countersLimit = 4 << 20
    /// Bytes of `llvm-cov export`'s output kept at most.
    static let outputLimit = 4 << 20

    package init(profdata: String, cov: String) {
        self.profdata = profdata
        self.cov = cov
    }

    /// The tools beside `swiftc` (its link resolved), when they and the profile runtime are there.
    package static func find(swiftc: String) -> ProfileTools? {
        let bin = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
        let manager = FileManager.default
        let profdata = bin.appendingPathComponent("llvm-profdata").path
        let cov = bin.appendingPathComponent("llvm-cov").path
        guard manager.isExecutableFile(atPath: profdata), manager.isExecutableFile(atPath: cov) else { return nil }
        let runtimes = bin.deletingLastPathComponent().appendingPathComponent("lib/swift/clang/lib/\(runtimeFolder)")
        guard let names = try? manager.contentsOfDirectory(atPath: runtimes.path),
              names.contains(where: { $0.hasPrefix("libclang_rt.profile") }) else { return nil }
        return ProfileTools(profdata: profdata, cov: cov)
    }

    /// Where the clang runtimes of the toolchain lie, by platform.
    static var runtimeFolder: String {
        #if os(Linux)
        return "linux"
        #else
        return "darwin"
        #endif
    }

    /// The lines of `source` (its absolute path, as compiled) that ran, by the counters in
    /// `folder/counters` of a run of `binary`; nil when they cannot be read (none written, too
    /// large, not a regular file, a tool failed or said something unexpected). `folder` is
    /// the run's own counters folder: the merged profile is written there too.
    package func executedLines(counters: String, in folder: URL, binary: URL, source: String, host: HostEnvironment) -> Set<Int>? {
        let raw = folder.appendingPathComponent(counters)
        // The item itself (FileManager does not follow a link the learner's code put there):
        // a regular file, not empty, not past the limit.
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: raw.path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = (attributes[.size] as? NSNumber)?.intValue, size > 0, size <= Self.countersLimit else { return nil }
        let merged = folder.appendingPathComponent("merged.profdata")
        guard let merging = run(profdata, ["merge", "-sparse", raw.path, "-o", merged.path], folder: folder, binary: binary, host: host),
              merging.termination.isSuccess,
              let export = run(cov, ["export", "-format=lcov", "-instr-profile=" + merged.path, binary.path], folder: folder, binary: binary, host: host),
              export.termination.isSuccess, !export.outputTruncated else { return nil }
        return Self.executedLines(lcov: export.standardOutput, source: source)
    }

    /// `tool arguments…` in the sandbox: it sees the system, the two tools, the runner
    /// (read-only) and `folder` (writable), nothing of the workbook.
    private func run(_ tool: String, _ arguments: [String], folder: URL, binary: URL, host: HostEnvironment) -> ChildProcess.Result? {
        var policy = SandboxPolicy(host: host, hidden: [], readOnly: [profdata, cov, binary.path], writable: [folder.path])
        policy.processLimit = 32
        var options = ChildProcess.Options(arguments: arguments, environment: [:], workingDirectory: folder.path, timeout: 20,
                                           outputLimit: Self.outputLimit)
        options.sandbox = policy
        return try? ChildProcess.run(tool, options)
    }

    /// From `llvm-cov export -format=lcov`: the lines of `source` with a count above 0
    /// (`DA:line,count`, under `SF:source`); nil when `source` is not there. A line that
    /// is not of that form is passed over.
    package static func executedLines(lcov: String, source: String) -> Set<Int>? {
        let wanted = URL(fileURLWithPath: source).standardizedFileURL.path
        var inSource = false
        var found = false
        var lines = Set<Int>()
        for line in lcov.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("SF:") {
                inSource = URL(fileURLWithPath: String(line.dropFirst(3))).standardizedFileURL.path == wanted
                found = found || inSource
            } else if line == "end_of_record" {
                inSource = false
            } else if inSource, line.hasPrefix("DA:") {
                let fields = line.dropFirst(3).split(separator: ",")
                // A count is at most 2^64 - 1; any number of digits but zero ran.
                guard fields.count >= 2, let number = Int(fields[0]), number >= 1, number <= 1_000_000,
                      !fields[1].isEmpty, fields[1].allSatisfy(\.isNumber) else { continue }
                if fields[1].contains(where: { $0 != "0" }) { lines.insert(number) }
            }
        }
        return found ? lines : nil
    }
}
