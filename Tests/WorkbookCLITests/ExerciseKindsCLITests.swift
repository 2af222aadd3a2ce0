import Foundation
import Testing
import WorkbookTestSupport

@Suite("Exercise kinds at the command line", .serialized, .tags(.compiles))
struct ExerciseKindsCLITests {
    /// `workbook …` with this process's environment (the toolchain on the PATH), on a thread of its own.
    func workbook(_ arguments: String..., in root: URL) async throws -> CLIRun {
        try await onOwnThread { runCLI(arguments, in: root, environment: ProcessInfo.processInfo.environment) }
    }

    @Test("list --format json gives each exercise its kind")
    func listKinds() throws {
        let workbook = try TemporaryWorkbook(KindsFixture.files)
        defer { workbook.remove() }
        let run = runCLI(["list", "--format", "json"], in: workbook.root)
        #expect(run.exitCode == 0, "\(run.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let exercises = try #require((object["chapters"] as? [[String: Any]])?.first?["exercises"] as? [[String: Any]])
        #expect(exercises.map { $0["kind"] as? String } == ["write", "predict", "compile"])
    }

    @Test("check: a wrong prediction names the first differing line; a right one says why")
    func checkPrediction() async throws {
        let workbook = try TemporaryWorkbook(KindsFixture.files)
        defer { workbook.remove() }
        _ = try await self.workbook("start", "1", in: workbook.root)
        let starter = try workbook.read("exercises/01-blocks/Ex2_Sums.txt")
        try workbook.write("exercises/01-blocks/Ex2_Sums.txt", starter + "sum 2\nsum 4\nsum 8\n")
        let wrong = try await self.workbook("check", "1.2", in: workbook.root)
        #expect(wrong.exitCode == 1)
        #expect(wrong.standardOutput.contains("line 3 of your prediction (“sum 8”) is in the right place, but the program prints something else there"),
                "\(wrong.standardOutput)")
        #expect(wrong.standardOutput.contains("exercises/01-blocks/Ex2_Sums.txt:4:1"), "\(wrong.standardOutput)")
        #expect(!wrong.standardOutput.contains("Why:"))

        try workbook.write("exercises/01-blocks/Ex2_Sums.txt", starter + "sum 2\nsum 4\nsum 6\n")
        let right = try await self.workbook("check", "1.2", in: workbook.root)
        #expect(right.exitCode == 0, "\(right.standardOutput)\(right.standardError)")
        #expect(right.standardOutput.contains("Why: `1...3` is closed."), "\(right.standardOutput)")
    }

    @Test("check: an exercise that uses another says so while that one does not pass")
    func dependencyNote() async throws {
        let workbook = try TemporaryWorkbook(KindsFixture.files)
        defer { workbook.remove() }
        _ = try await self.workbook("start", "1", in: workbook.root)
        try workbook.write("exercises/01-blocks/Ex1_Add.swift", "public func add(_ a: Int, _ b: Int) -> Int { a - b }\n")
        try workbook.write("exercises/01-blocks/Ex3_Shared.swift", "public func makeShared() -> @Sendable () -> Int { { 0 } }\n")
        let run = try await self.workbook("check", "1", in: workbook.root)
        #expect(run.standardOutput.contains("This exercise uses your 1.1, which does not pass yet: make 1.1 pass first."), "\(run.standardOutput)")
    }

    @Test("a wrong prediction's report (text and JSON) never holds the expected line; hint shows it, and so does the third try")
    func predictionKeepsTheAnswer() async throws {
        let workbook = try TemporaryWorkbook(KindsFixture.files)
        defer { workbook.remove() }
        _ = try await self.workbook("start", "1", in: workbook.root)
        let file = "exercises/01-blocks/Ex2_Sums.txt"
        let starter = try workbook.read(file)
        // The program prints "sum 2", "sum 4", "sum 6": the third line is the one to keep back.
        try workbook.write(file, starter + "sum 2\nsum 4\nsum 8\n")
        let text = try await self.workbook("check", "1.2", in: workbook.root)
        let json = try await self.workbook("check", "1.2", "--format", "json", in: workbook.root)
        #expect(text.exitCode == 1 && json.exitCode == 1)
        for report in [text.standardOutput + text.standardError, json.standardOutput + json.standardError] {
            #expect(!report.contains("sum 6"), "the expected line is in the report:\n\(report)")
            #expect(report.contains("line 3 of your prediction"), "\(report)")
            #expect(report.contains("workbook hint 1.2"), "\(report)")
        }

        // `hint` shows it, whatever the number of tries.
        let hint = try await self.workbook("hint", "1.2", in: workbook.root)
        #expect(hint.standardOutput.contains("Where your prediction first differs: "), "\(hint.standardOutput)")
        #expect(hint.standardOutput.contains("line 3 of the output is “sum 6”"), "\(hint.standardOutput)")

        // The same wrong file checked again is no new try; a third different one is.
        try workbook.write(file, starter + "sum 2\nsum 4\nsum 7\n")
        let second = try await self.workbook("check", "1.2", in: workbook.root)
        #expect(!second.standardOutput.contains("sum 6"), "\(second.standardOutput)")
        try workbook.write(file, starter + "sum 2\nsum 4\nsum 9\n")
        let third = try await self.workbook("check", "1.2", in: workbook.root)
        #expect(third.exitCode == 1)
        #expect(third.standardOutput.contains("line 3 of the output is “sum 6”"), "\(third.standardOutput)")
    }

    @Test("Next names the learner's file, not a reference standing in; hints count only before passing; a restored file passes again")
    func oneTruth() async throws {
        let workbook = try TemporaryWorkbook(KindsFixture.files)
        defer { workbook.remove() }
        _ = try await self.workbook("start", "1", in: workbook.root)
        let folder = "exercises/01-blocks"
        let starter = try workbook.read("\(folder)/Ex3_Shared.swift")
        for name in ["Ex1_Add.swift", "Ex3_Shared.swift"] {
            try workbook.write("\(folder)/\(name)", try workbook.read("Sources/Chapter01Blocks/\(name)"))
        }
        try workbook.write("\(folder)/Ex2_Sums.txt", try workbook.read("Sources/Predictions/01-blocks/Ex2_Sums.txt"))
        let all = try await self.workbook("check", "1", in: workbook.root)
        #expect(all.exitCode == 0, "\(all.standardOutput)")

        // A hint read after passing helped nothing: not counted.
        _ = try await self.workbook("hint", "1.3", in: workbook.root)
        let afterHint = try await self.workbook("progress", in: workbook.root)
        #expect(afterHint.standardOutput.contains("3/3 passing"), "\(afterHint.standardOutput)")
        #expect(!afterHint.standardOutput.contains("used"), "\(afterHint.standardOutput)")

        // The compile exercise edited but still rejected: its reference stands in for the build, never on screen.
        let reference = try workbook.read("Sources/Chapter01Blocks/Ex3_Shared.swift")
        // (A comment alone would leave it the starter, not started: a real edit.)
        try workbook.write("\(folder)/Ex3_Shared.swift", "let editedByTheLearner = 1\n" + starter)
        let broken = try await self.workbook("check", "1", in: workbook.root)
        #expect(broken.exitCode == 1)
        #expect(broken.standardOutput.contains("Next: fix exercise 1.3 in \(folder)/Ex3_Shared.swift"), "\(broken.standardOutput)")
        #expect(!broken.standardOutput.contains("Sources/"), "\(broken.standardOutput)")

        // Restored to the file that passed: progress and list say passing without a check.
        try workbook.write("\(folder)/Ex3_Shared.swift", reference)
        let progress = try await self.workbook("progress", in: workbook.root)
        #expect(progress.standardOutput.contains("3/3 passing"), "\(progress.standardOutput)")
        let list = try await self.workbook("list", in: workbook.root)
        #expect(list.standardOutput.contains("3 passing"), "\(list.standardOutput)")
    }

    @Test("run keeps a predict program's output back until its exercise passes, in text and JSON")
    func runKeepsTheAnswer() async throws {
        let workbook = try TemporaryWorkbook(KindsFixture.files)
        defer { workbook.remove() }
        // Not started: the program prints the answer ("sum 6"), so neither report shows it.
        let json = try await self.workbook("run", "1", "--format", "json", in: workbook.root)
        let text = try await self.workbook("run", "1", in: workbook.root)
        #expect(json.exitCode == 0 && text.exitCode == 0, "\(json.standardError)\(text.standardError)")
        for report in [json.standardOutput, text.standardOutput] {
            #expect(!report.contains("sum 6"), "the answer is in the report:\n\(report)")
        }
        // Passed: nothing is left to keep back.
        _ = try await self.workbook("start", "1", in: workbook.root)
        try workbook.write("exercises/01-blocks/Ex2_Sums.txt", try workbook.read("Sources/Predictions/01-blocks/Ex2_Sums.txt"))
        let checked = try await self.workbook("check", "1.2", in: workbook.root)
        #expect(checked.exitCode == 0, "\(checked.standardOutput)")
        let after = try await self.workbook("run", "1", "--format", "json", in: workbook.root)
        #expect(after.standardOutput.contains("sum 6"), "\(after.standardOutput)")
    }

    @Test("reset backs a prediction up as the .txt it is")
    func resetKeepsTheExtension() async throws {
        let workbook = try TemporaryWorkbook(KindsFixture.files)
        defer { workbook.remove() }
        _ = try await self.workbook("start", "1", in: workbook.root)
        let file = "exercises/01-blocks/Ex2_Sums.txt"
        try workbook.write(file, try workbook.read(file) + "sum 2\n")
        let reset = try await self.workbook("reset", "1.2", in: workbook.root)
        #expect(reset.exitCode == 0, "\(reset.standardError)")
        let line = try #require(reset.standardOutput.split(separator: "\n").first { $0.hasPrefix("Backed up your file to ") })
        let backup = String(line.dropFirst("Backed up your file to ".count).dropLast())
        #expect(backup.hasSuffix(".txt") && backup.contains("/Ex2_Sums-"), "\(backup)")
        #expect(try workbook.read(backup).hasSuffix("sum 2\n"))
    }
}
