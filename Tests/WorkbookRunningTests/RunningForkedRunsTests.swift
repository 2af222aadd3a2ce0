import Foundation
import Testing
@testable import WorkbookRunning
import WorkbookTestSupport

@Suite("Snippets run as forks of one program")
struct RunningForkedRunsTests {
    @Test("reads the launcher's report, one line per snippet, and leaves out the unstarted and what it does not understand",
          arguments: zip(
            ["63 exited 0", "85 exited 3", "110 signaled 4", "140 timedout", "164 unstarted", "210 exited", "248 wandered 1", "", "301"],
            [.exited(0), .exited(3), .signaled(4), .timedOut(seconds: 5), nil, nil, nil, nil, nil] as [SnippetExecution.Ending?]))
    func report(line: String, expected: SnippetExecution.Ending?) {
        let parsed = ForkedRuns.parse(line + "\n", timeout: 5)
        #expect(parsed.values.first == expected)
        #expect(parsed.count == (expected == nil ? 0 : 1))
    }

    /// A stand-in for a merged program: it answers `--each` as the launcher does, from a script.
    private func fakeProgram(_ script: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("forked-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let program = folder.appendingPathComponent("program")
        try Data("#!/bin/sh\nfolder=$2\n\(script)\n".utf8).write(to: program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        return program
    }

    @Test("gives each reported snippet its output files, capped, and leaves out the ones it cannot account for")
    func executions() async throws {
        let program = try fakeProgram("""
            printf 'hello\\n' > "$folder/10.out"; printf 'oops' > "$folder/10.err"; echo "10 exited 0"
            printf '0123456789ABC' > "$folder/20.out"; : > "$folder/20.err"; echo "20 signaled 4"
            printf 'looping\\n' > "$folder/30.out"; : > "$folder/30.err"; echo "30 timedout"
            echo "40 unstarted"
            echo "arguments: $*" > "$(dirname "$0")/arguments"
            """)
        defer { try? FileManager.default.removeItem(at: program.deletingLastPathComponent()) }
        let runs = try await onOwnThread {
            try ForkedRuns.run(program, lines: ["10", "20", "30", "40", "50"], width: 3, timeout: 2, outputLimit: 10, environment: [:])
        }
        #expect(runs["10"] == SnippetExecution(ending: .exited(0), standardOutput: "hello\n", standardError: "oops"))
        #expect(runs["20"] == SnippetExecution(ending: .signaled(4), standardOutput: "0123456789", outputTruncated: true))
        #expect(runs["30"] == SnippetExecution(ending: .timedOut(seconds: 2), standardOutput: "looping\n"))
        #expect(runs["40"] == nil, "a snippet the launcher could not start is left to the caller")
        #expect(runs["50"] == nil, "so is one the report does not mention")
        let arguments = try String(contentsOf: program.deletingLastPathComponent().appendingPathComponent("arguments"), encoding: .utf8)
        #expect(arguments.contains("--each ") && arguments.hasSuffix(" 3 2.0 10 10 20 30 40 50\n"), "\(arguments)")
    }

    @Test("removes the folder the outputs were written to")
    func cleansUp() async throws {
        let program = try fakeProgram("echo \"$folder\" > \"$(dirname \"$0\")/folder\"; : > \"$folder/1.out\"; echo \"1 exited 0\"")
        defer { try? FileManager.default.removeItem(at: program.deletingLastPathComponent()) }
        let runs = try await onOwnThread {
            try ForkedRuns.run(program, lines: ["1"], width: 1, timeout: 2, outputLimit: 10, environment: [:])
        }
        #expect(runs["1"]?.ending == .exited(0))
        let folder = try String(contentsOf: program.deletingLastPathComponent().appendingPathComponent("folder"), encoding: .utf8)
        #expect(!folder.isEmpty && !FileManager.default.fileExists(atPath: folder.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
}
