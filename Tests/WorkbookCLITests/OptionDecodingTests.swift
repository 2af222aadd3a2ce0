import Foundation
import Testing
@testable import WorkbookCLI
import WorkbookMutation
import WorkbookClassroom

@Suite("Typed options, decoded once before a command runs")
struct OptionDecodingTests {
    @Test("a flag is true when given and false otherwise")
    func flags() throws {
        #expect(try decode(CheckCommand.self, ["1", "--full"]).full)
        #expect(try !decode(CheckCommand.self, ["1"]).full)
        #expect(try decode(CheckCommand.self, ["1", "--fresh"]).grader.useCache == false)
        #expect(try decode(CheckCommand.self, ["1"]).grader.useCache)
        let run = try decode(RunCommand.self, ["1", "--no-merge", "--bless"])
        #expect(!run.runner.merge && run.bless && !run.bench && !run.reference)
    }

    @Test("grade's --shard is I of N, and --merge refuses the options the shards were graded with")
    func shards() throws {
        let shard = try #require(try decode(GradeCommand.self, ["subs", "--shard", "2/8"]).shard)
        #expect(shard.index == 2 && shard.count == 8)
        for wrong in ["0/3", "4/3", "3", "1/0", "1/257", "a/b", "1/3/5"] {
            #expect(throws: UsageError.notAShard(value: wrong)) { try decode(GradeCommand.self, ["subs", "--shard", wrong]) }
        }
        #expect(try decode(GradeCommand.self, ["shards", "--merge"]).merge)
        #expect(throws: UsageError.notTogether(option: "shard", other: "merge", because: "give it to each `grade --shard`; the merge takes the shards' own")) {
            try decode(GradeCommand.self, ["shards", "--merge", "--shard", "1/2"])
        }
        #expect(throws: UsageError.notTogether(option: "roster", other: "shard", because: "give it to the --merge that writes the gradebook")) {
            try decode(GradeCommand.self, ["subs", "--shard", "1/2", "--roster", "r.csv"])
        }
        #expect(try decode(ClassroomCommand.self, ["--grading", "8"]).grading == 8)
        #expect(throws: UsageError.notTogether(option: "points", other: "grading",
                                               because: "the grading workflow grades with the chapters' own points and `grade`'s time limit")) {
            try decode(ClassroomCommand.self, ["--grading", "8", "--points", "2"])
        }
        // A student's shard is their name's alone: the same on every run, and one new student moves no other.
        let names = (1...400).map { "student-\($0)" }
        let before = names.map { GradingShard.of($0, count: 8) }
        #expect(before == names.map { GradingShard.of($0, count: 8) })
        #expect(Set(before) == Set(1...8))
        // Shards of a class of 400 are about 50 each (a hash's binomial spread, not a round robin's 50 exactly).
        let sizes = Dictionary(grouping: before, by: { $0 }).mapValues(\.count)
        #expect(sizes.values.allSatisfy { (30...70).contains($0) }, "\(sizes)")
    }

    @Test("a path is relative to the current directory unless it is absolute")
    func paths() throws {
        #expect(try decode(CheckCommand.self, ["1", "--format", "json", "--out", "results"]).out?.path == "/work/here/results")
        #expect(try decode(GradeCommand.self, ["subs", "--out", "/tmp/book"]).out?.path == "/tmp/book")
        #expect(try decode(GradeCommand.self, ["subs"]).submissions.path == "/work/here/subs")
        #expect(try decode(RenderCommand.self, []).out == nil)
    }

    @Test("a repeatable option keeps every value in order; a single one keeps the last")
    func repeated() throws {
        #expect(try decode(ReleaseCommand.self, ["--out", "r", "--chapter", "3", "--chapter", "1", "--chapter", "3"]).chapters == ["3", "1", "3"])
        #expect(try decode(ReleaseCommand.self, ["--out", "r"]).chapters.isEmpty)
        #expect(try decode(GradeCommand.self, ["subs", "--chapter", "1", "--chapter", "2"]).chapter == "2")
    }

    @Test("a choice decodes to its type, with the default when it is not given")
    func choices() throws {
        #expect(try decode(CheckCommand.self, ["1"]).format == .text)
        #expect(try decode(CheckCommand.self, ["1", "--format", "junit"]).format == .junit)
        #expect(try decode(ListCommand.self, ["--format=json"]).format == .json)
        let render = try decode(RenderCommand.self, ["2", "--edition", "instructor", "--hints", "omit"])
        #expect(render.edition == .instructor && render.hints == .omit && render.selection == "2")
        #expect(try decode(RenderCommand.self, []).edition == .student)
        #expect(try decode(RenderCommand.self, []).selection == "all")
    }

    @Test("--paper counts only with --pdf, a4 unless given")
    func paper() throws {
        #expect(try decode(RenderCommand.self, ["--paper", "letter"]).pdf == nil)
        #expect(try decode(RenderCommand.self, ["--pdf"]).pdf == .a4)
        #expect(try decode(RenderCommand.self, ["--pdf", "--paper", "letter"]).pdf == .letter)
    }

    @Test("check --out needs --format json, and says so in the words it always did", arguments: [["--out", "x"], ["--out", "x", "--format", "junit"], ["--format", "text", "--out=x"]])
    func outNeedsJSON(words: [String]) throws {
        #expect(throws: UsageError.onlyWith(option: "out", value: "x", accepted: "a folder", other: "--format json")) {
            try decode(CheckCommand.self, ["1.1"] + words)
        }
        #expect(UsageError.onlyWith(option: "out", value: "x", accepted: "a folder", other: "--format json").description
            == "'x' is not a value of '--out'; use one of: a folder, with --format json")
        let json = try decode(CheckCommand.self, ["1.1", "--format", "json", "--out", "x"])
        #expect(json.out != nil && json.grader.outputPerTest)
    }

    @Test("release needs --out")
    func releaseNeedsOut() throws {
        #expect(throws: UsageError.missingOption("out DIR", command: "release")) { try decode(ReleaseCommand.self, ["--chapter", "1"]) }
        #expect(UsageError.missingOption("out DIR", command: "release").description == "'release' needs --out DIR")
    }

    @Test("mutate --accept needs a reason that is not blank", arguments: [[], ["--reason", "  "], ["--reason", ""]])
    func acceptNeedsReason(words: [String]) throws {
        #expect(throws: UsageError.acceptWithoutReason) { try decode(MutateCommand.self, ["--accept", "Ex1_Add.swift:3:boolean"] + words) }
        let accepted = try decode(MutateCommand.self, ["--accept", "Ex1_Add.swift:3:boolean", "--reason", "same result"])
        #expect(accepted.accept?.key == "Ex1_Add.swift:3:boolean" && accepted.accept?.reason == "same result")
        #expect(try decode(MutateCommand.self, ["--reason", "alone"]).accept == nil)
    }

    @Test("mutate --operator takes only the operators there are, and names them when not")
    func operators() throws {
        let known = try #require(MutationOperator.names.first)
        #expect(try decode(MutateCommand.self, ["--operator", " \(known) ,\(known)"]).runner.operators == [known])
        #expect(throws: UsageError.unknownOperators(["bad", "nope"], known: MutationOperator.names)) {
            try decode(MutateCommand.self, ["--operator", "nope,\(known),bad"])
        }
        #expect(UsageError.unknownOperators(["nope"], known: ["a", "b"]).description == "--operator: no operator named nope; the operators: a, b")
    }

    @Test("the first bad option is the one reported, in the order the options were always checked")
    func firstErrorWins() throws {
        #expect(throws: UsageError.notANumber(option: "timeout", value: "0", accepted: .fraction(0.1...3600, unit: "seconds"))) {
            try decode(MutateCommand.self, ["--jobs", "0", "--timeout", "0", "--operator", "nope"])
        }
        #expect(throws: UsageError.notANumber(option: "min-score", value: "101", accepted: .fraction(0...100, unit: nil))) {
            try decode(MutateCommand.self, ["--jobs", "0", "--min-score", "101"])
        }
        #expect(throws: UsageError.notANumber(option: "timeout", value: "x", accepted: .fraction(0.1...3600, unit: "seconds"))) {
            try decode(CheckCommand.self, ["1", "--out", "o", "--timeout", "x"])
        }
    }

    @Test("every command decodes a bare command line and one with every option it has")
    func everyCommand() throws {
        let parser = ArgumentParser(commands: WorkbookCLI.specs)
        for command in WorkbookCLI.commands {
            let spec = command.spec
            let arguments = Array(repeating: "1", count: spec.argumentCount.lowerBound)
            var words = [spec.name] + arguments
            // A value every option accepts: the first choice, or a number in range.
            // check's --points is --format classroom's, decoded on its own below; grade's
            // --shard and --merge and classroom's --grading exclude other options
            // (decoded on their own in `shards`).
            let alone = ["check": ["points"], "grade": ["shard", "merge"], "classroom": ["grading"]]
            for option in spec.options where !(alone[spec.name]?.contains(option.name) ?? false) {
                words.append("--\(option.name)")
                guard option.valueName != nil else { continue }
                switch option.numbers {
                case .whole(let range)?: words.append("\(range.lowerBound)")
                case .fraction(let range, _)?: words.append("\(range.upperBound)")
                case nil: words.append(option.choices?.last ?? (["reason": "why", "operator": "boolean", "deadline": "2026-12-01T23:59:00Z"][option.name] ?? "v"))
                }
            }
            if spec.name == "check" { words += ["--format", "json"] }
            let bare = try parser.parse([spec.name] + arguments)
            if spec.name == "release" {
                #expect(throws: UsageError.missingOption("out DIR", command: "release")) {
                    try command.options(bare, currentDirectory: URL(fileURLWithPath: "/"))
                }
            } else {
                _ = try command.options(bare, currentDirectory: URL(fileURLWithPath: "/"))
            }
            _ = try command.options(parser.parse(words), currentDirectory: URL(fileURLWithPath: "/"))
        }
        let classroom = try decode(CheckCommand.self, ["1.1", "--format", "classroom", "--points", "3"])
        #expect(classroom.points == 3 && classroom.format == .classroom)
        #expect(throws: UsageError.onlyWith(option: "points", value: "3", accepted: "a whole number", other: "--format classroom")) {
            try decode(CheckCommand.self, ["1.1", "--format", "json", "--points", "3"])
        }
    }

    @Test("the global options are decoded for the context: paths resolved, --help and -h alike")
    func globals() throws {
        let parser = ArgumentParser(commands: WorkbookCLI.specs)
        let here = URL(fileURLWithPath: "/work/here")
        func global(_ words: [String]) throws -> GlobalOptions {
            GlobalOptions(from: OptionValues(try parser.parse(words), known: CommandSpec.globalOptions, currentDirectory: here))
        }
        let given = try global(["--root", "book", "list", "--exercises", "/tmp/mine"])
        #expect(given.root?.path == "/work/here/book" && given.exercises?.path == "/tmp/mine" && !given.help)
        #expect(try global(["check", "-h"]).help)
        #expect(try global(["check", "--help"]).help)
        #expect(try global(["list"]).root == nil)
    }

    @Test("no command body reads an option by its name: the words are read only through the spec")
    func noStringReads() throws {
        let commands = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/WorkbookCLI/Commands").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: commands.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20)
        for file in files {
            let text = try String(contentsOf: commands.appendingPathComponent(file), encoding: .utf8)
            for pattern in ["invocation.value(", "invocation.has(", "invocation.all(", "invocation.format", "invocation.arguments", ".values[\""] {
                #expect(!text.contains(pattern), "\(file) reads \(pattern)")
            }
        }
    }
}

@Suite("The --format option")
struct OutputFormatTests {
    @Test("every command's formats are OutputFormat's words, text first; a word a command lacks is a usage error")
    func formatsAreTyped() throws {
        let parser = ArgumentParser(commands: WorkbookCLI.specs)
        let withFormat = WorkbookCLI.commands.compactMap { command in
            command.spec.options.first { $0.name == "format" }.map { (command, $0) }
        }
        #expect(withFormat.count >= 7, "\(withFormat.map { $0.0.spec.name })")
        for (command, option) in withFormat {
            let name = command.spec.name
            let choices = try #require(option.choices, "\(name)")
            #expect(choices.first == "text" && choices.allSatisfy { OutputFormat(rawValue: $0) != nil }, "\(name): \(choices)")
            for format in OutputFormat.allCases + [nil] {
                let arguments = [name] + (name == "check" || name == "run" ? ["1"] : []) + (format.map { ["--format", $0.rawValue] } ?? [])
                if let format, !choices.contains(format.rawValue) {
                    #expect(throws: UsageError.self, "\(arguments)") { try parser.parse(arguments) }
                    continue
                }
                // Each command's Options has its format as a field of that name and type.
                let options = try command.options(parser.parse(arguments), currentDirectory: URL(fileURLWithPath: "/"))
                let decoded = Mirror(reflecting: options).children.first { $0.label == "format" }?.value as? OutputFormat
                #expect(decoded == (format ?? .text), "\(arguments)")
            }
        }
    }
}
