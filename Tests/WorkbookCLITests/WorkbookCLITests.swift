import Foundation
import Testing
import WorkbookCLI
import WorkbookTestSupport

@Suite("The workbook command line")
struct WorkbookCLITests {
    @Test("lists every command in its help, marking those not built yet")
    func help() throws {
        let run = runCLI(["--help"], in: URL(fileURLWithPath: "/"))
        #expect(run.exitCode == 0)
        for command in ["list", "lint", "start", "check", "hint", "solution", "reset", "progress", "watch", "verify", "mutate", "run", "render", "grade", "classroom", "new", "clean"] {
            #expect(run.standardOutput.contains("\n  \(command) "), "help does not list \(command)")
        }
        #expect(runCLI([], in: URL(fileURLWithPath: "/")).standardOutput == run.standardOutput)
    }

    @Test("explains one command with `help COMMAND` and `COMMAND --help`")
    func commandHelp() {
        let help = runCLI(["help", "list"], in: URL(fileURLWithPath: "/"))
        #expect(help.exitCode == 0)
        #expect(help.standardOutput.hasPrefix("Usage: workbook list [--format FORMAT]"))
        #expect(runCLI(["list", "--help"], in: URL(fileURLWithPath: "/")).standardOutput == help.standardOutput)
    }

    @Test("prints its version")
    func version() {
        let run = runCLI(["--version"], in: URL(fileURLWithPath: "/"))
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.hasPrefix("workbook "))
    }

    @Test("rejects a bad command line with exit code 2 and a suggestion", arguments: zip(
        [["lsit"], ["list", "--fromat", "json"], ["list", "--format", "xml"], ["list", "extra"], ["help", "nope"], ["list", "--root"]],
        ["did you mean 'list'?", "did you mean '--format'?", "use one of: text, json", "usage: workbook list", "unknown command 'nope'", "needs a value"]))
    func usageErrors(_ arguments: [String], _ message: String) {
        let run = runCLI(arguments, in: URL(fileURLWithPath: "/"))
        #expect(run.exitCode == 2)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }

    @Test("finds no workbook outside one, and says how to name it")
    func noWorkbook() {
        let run = runCLI(["list"], in: URL(fileURLWithPath: "/proc"))
        #expect(run.exitCode == 2)
        #expect(run.standardError.contains("use --root DIR or WORKBOOK_ROOT"))
    }

    @Test("colours output only when the console takes colour")
    func colour() throws {
        let workbook = try TemporaryWorkbook(SampleExercise.files)
        defer { workbook.remove() }
        #expect(runCLI(["list"], in: workbook.root, color: true).standardOutput.contains("\u{1B}["))
        #expect(!runCLI(["list"], in: workbook.root, color: false).standardOutput.contains("\u{1B}["))
    }
}

@Suite("workbook list")
struct ListCommandTests {
    @Test("prints the JSON contract: chapters with exercises and snippets, with lines and status")
    func json() throws {
        let workbook = try TemporaryWorkbook(SampleExercise.files)
        defer { workbook.remove() }
        let run = runCLI(["list", "--format", "json"], in: workbook.root)
        #expect(run.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let chapters = try #require(object["chapters"] as? [[String: Any]])
        let chapter = try #require(chapters.first)
        #expect(chapter["number"] as? Int == 1)
        #expect(chapter["title"] as? String == "Blocks")
        #expect(chapter["file"] as? String == "chapters/01-blocks.md")
        let exercise = try #require((chapter["exercises"] as? [[String: Any]])?.first)
        #expect(exercise["id"] as? String == "1.1")
        #expect(exercise["title"] as? String == "Add")
        #expect(exercise["line"] as? Int == 11)
        #expect(exercise["learnerFile"] as? String == "exercises/01-blocks/Ex1_Add.swift")
        #expect(exercise["referenceFile"] as? String == "Sources/Chapter01Blocks/Ex1_Add.swift")
        #expect(exercise["status"] as? String == "not-started")
        let snippet = try #require((chapter["snippets"] as? [[String: Any]])?.first)
        #expect(snippet["line"] as? Int == 3)
        #expect(snippet["expectedOutputLine"] as? Int == 7)
    }

    @Test("honours --exercises and WORKBOOK_EXERCISES for the learner's files")
    func exercisesFolder() throws {
        let workbook = try TemporaryWorkbook(SampleExercise.files)
        defer { workbook.remove() }
        let byOption = runCLI(["list", "--format", "json", "--exercises", "mine"], in: workbook.root)
        #expect(byOption.standardOutput.contains(#""learnerFile":"mine/01-blocks/Ex1_Add.swift""#))
        let byEnvironment = runCLI(["list", "--format", "json"], in: workbook.root, environment: ["WORKBOOK_EXERCISES": "theirs"])
        #expect(byEnvironment.standardOutput.contains(#""learnerFile":"theirs/01-blocks/Ex1_Add.swift""#))
    }

    @Test("finds the workbook through --root and WORKBOOK_ROOT from anywhere")
    func root() throws {
        let workbook = try TemporaryWorkbook(SampleExercise.files)
        defer { workbook.remove() }
        #expect(runCLI(["list", "--root", workbook.root.path], in: URL(fileURLWithPath: "/")).exitCode == 0)
        // A global option may come before the command, its value too.
        #expect(runCLI(["--root", workbook.root.path, "list"], in: URL(fileURLWithPath: "/")).exitCode == 0)
        #expect(runCLI(["--root=\(workbook.root.path)", "list"], in: URL(fileURLWithPath: "/")).exitCode == 0)
        #expect(runCLI(["list"], in: URL(fileURLWithPath: "/"), environment: ["WORKBOOK_ROOT": workbook.root.path]).exitCode == 0)
    }

    @Test("prints a readable list with each exercise's status")
    func text() throws {
        let workbook = try TemporaryWorkbook(SampleExercise.files)
        defer { workbook.remove() }
        let run = runCLI(["list"], in: workbook.root)
        #expect(run.standardOutput.contains(" 1  Blocks"))
        #expect(run.standardOutput.contains("1.1  Add  · not started"))
    }
}

@Suite("workbook lint")
struct LintCommandTests {
    @Test("exits 0 and says so on a clean workbook")
    func clean() throws {
        let workbook = try TemporaryWorkbook(SampleExercise.files)
        defer { workbook.remove() }
        let run = runCLI(["lint"], in: workbook.root)
        #expect(run.exitCode == 0)
        #expect(run.standardError.isEmpty)
        #expect(run.standardOutput.contains("no problems"))
    }

    @Test("exits 1 and prints each finding as path:line:column on standard error", arguments: [
        // The file, what it holds, and where its finding is.
        ("chapters/06-empty.md", Data(), "chapters/06-empty.md:1:"),
        // The second file of chapter 1, in name order, is the one told to renumber.
        ("chapters/01-again.md", Data("# Again\n".utf8), "chapters/01-blocks.md:1:1: error: chapter number 1 is taken by chapters/01-again.md"),
        ("chapters/02-bad.md", Data("# Bad\n".utf8) + Data([0xC3, 0x28]), "chapters/02-bad.md:2:"),
    ])
    func findings(_ path: String, _ content: Data, _ location: String) throws {
        let workbook = try TemporaryWorkbook(SampleExercise.files)
        defer { workbook.remove() }
        try workbook.write(path, content)
        let run = runCLI(["lint"], in: workbook.root)
        #expect(run.exitCode == 1)
        let line = try #require(run.standardError.split(separator: "\n").first)
        #expect(line.hasPrefix(location), "\(line)")
        #expect(line.contains(": error: "))
    }
}
