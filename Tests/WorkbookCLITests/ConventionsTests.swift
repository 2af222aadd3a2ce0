import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookCLI
@testable import WorkbookSystem

/// Issue 21's conventions: `-V`, completions and a man page from the command table,
/// no colour for TERM=dumb, and `--format json` for lint, verify and progress.
@Suite("Command-line conventions", .serialized)
struct ConventionsTests {
    static let nowhere = URL(fileURLWithPath: "/")

    @Test("-V prints the version, as --version does")
    func shortVersion() {
        let short = runCLI(["-V"], in: Self.nowhere)
        #expect(short.exitCode == 0)
        #expect(short.standardOutput == runCLI(["--version"], in: Self.nowhere).standardOutput)
        #expect(short.standardOutput.hasPrefix("workbook "))
    }

    @Test("colour only on a terminal, never with NO_COLOR or TERM=dumb")
    func colour() {
        #expect(Console.colorAllowed(environment: ["TERM": "xterm-256color"], isTerminal: true))
        #expect(!Console.colorAllowed(environment: ["TERM": "dumb"], isTerminal: true))
        #expect(!Console.colorAllowed(environment: ["TERM": "xterm", "NO_COLOR": "1"], isTerminal: true))
        #expect(!Console.colorAllowed(environment: ["TERM": "xterm"], isTerminal: false))
    }

    @Test("bash completion offers the commands, a command's options and an option's choices",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "bash is missing"))
    func bashCompletion() async throws {
        let script = runCLI(["completions", "bash"], in: Self.nowhere)
        #expect(script.exitCode == 0)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wb-completion-\(UUID().uuidString).bash")
        try script.standardOutput.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        func complete(_ words: [String]) async throws -> [String] {
            let line = "source '\(file.path)'; COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); "
                + "COMP_CWORD=\(words.count - 1); _workbook; printf '%s\\n' \"${COMPREPLY[@]}\""
            let run = try await onOwnThread { try ChildProcess.run("/bin/bash", .init(arguments: ["-c", line], timeout: 30)) }
            #expect(run.termination == .exited(0), "\(run.standardError)")
            return run.standardOutput.split(separator: "\n").map(String.init)
        }
        #expect(try await complete(["workbook", "ed"]) == ["editor"])
        #expect(try await complete(["workbook", "check", "--fo"]) == ["--format"])
        #expect(try await complete(["workbook", "check", "--format", ""]) == ["text", "json", "junit", "classroom"])
        #expect(try await complete(["workbook", "lint", "--format", "j"]) == ["json"])
    }

    @Test("zsh and fish scripts name every command and option", arguments: ["zsh", "fish"])
    func otherShells(_ shell: String) {
        let script = runCLI(["completions", shell], in: Self.nowhere)
        #expect(script.exitCode == 0)
        for spec in WorkbookCLI.specs {
            #expect(script.standardOutput.contains(shell == "zsh" ? "'\(spec.name):" : "-a \(spec.name) "), "\(spec.name)")
        }
        #expect(script.standardOutput.contains(shell == "zsh" ? "'--timeout[" : "-l timeout"))
        #expect(runCLI(["completions", "tcsh"], in: Self.nowhere).exitCode == 2)
    }

    @Test("the man page lists every command and is clean roff",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "groff is missing"))
    func manPage() async throws {
        let page = runCLI(["man"], in: Self.nowhere)
        #expect(page.exitCode == 0)
        #expect(page.standardOutput.hasPrefix(".\\\" Generated"))
        for spec in WorkbookCLI.specs {
            #expect(page.standardOutput.contains(".B workbook \(spec.name)"), "\(spec.name)")
        }
        let ascii = page.standardOutput.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(ascii, "troff reads bytes: no raw UTF-8")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wb-man-\(UUID().uuidString).1")
        try page.standardOutput.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let groff = try await onOwnThread {
            try ChildProcess.run("/usr/bin/groff", .init(arguments: ["-man", "-Tutf8", "-ww", "-z", file.path], timeout: 30))
        }
        #expect(groff.termination == .exited(0))
        #expect(groff.standardError.isEmpty, "\(groff.standardError)")
    }

    @Test("lint --format json: the counts and every problem, as one object")
    func lintJSON() throws {
        let workbook = try TemporaryWorkbook(SampleExercise.files)
        defer { workbook.remove() }
        let clean = runCLI(["lint", "--format", "json"], in: workbook.root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(clean.standardOutput.utf8)) as? [String: Any])
        #expect(clean.exitCode == 0 && object["ok"] as? Bool == true && (object["problems"] as? [Any])?.isEmpty == true)
        #expect(object["chapters"] as? Int == 1)

        try workbook.write("chapters/01-blocks.md", try workbook.read("chapters/01-blocks.md").replacingOccurrences(of: "## Exercise 1.1", with: "## Exercise 1.7"))
        let broken = runCLI(["lint", "--format", "json"], in: workbook.root)
        let problems = try #require((try JSONSerialization.jsonObject(with: Data(broken.standardOutput.utf8)) as? [String: Any])?["problems"] as? [[String: Any]])
        #expect(broken.exitCode == 1)
        #expect(problems.contains { $0["path"] as? String == "chapters/01-blocks.md" && $0["line"] is Int && $0["severity"] as? String == "error" }, "\(problems)")
        #expect(broken.standardError.isEmpty, "JSON mode prints only the object")
    }

    @Test("progress --format json: each exercise's status, history and hints")
    func progressJSON() throws {
        let workbook = try TemporaryWorkbook(SampleExercise.files)
        defer { workbook.remove() }
        let run = runCLI(["progress", "--format", "json"], in: workbook.root)
        #expect(run.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let chapters = try #require(object["chapters"] as? [[String: Any]])
        let exercises = try #require(chapters.first?["exercises"] as? [[String: Any]])
        #expect(object["passing"] as? Int == 0 && object["total"] as? Int == exercises.count && !exercises.isEmpty)
        #expect(exercises.allSatisfy { $0["status"] as? String == "not-started" && $0["hintsShown"] as? Int == 0 })
    }

    @Test("verify --format json: every chapter's problems, the exit status unchanged")
    func verifyJSON() async throws {
        let session = try FixtureSession()
        try session.write(
            "public func applyTwice(_ transform: (Int) -> Int, to value: Int) -> Int {\n    // BEGIN SOLUTION\n    transform(value)\n    // END SOLUTION\n}\n",
            to: "Sources/Chapter01Basics/Ex2_Apply.swift")
        let result = await session.run("verify", "1", "--format", "json")
        #expect(result.code == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == false && object["checked"] as? Int == 3 && object["keepingTheRule"] as? Int == 2)
        let problems = try #require((object["chapters"] as? [[String: Any]])?.first?["problems"] as? [[String: Any]])
        #expect(problems.count == 1 && problems.first?["exercise"] as? String == "1.2" && problems.first?["line"] as? Int == 16, "\(problems)")
    }
}
