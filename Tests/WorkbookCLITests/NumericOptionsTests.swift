import Foundation
import Testing
@testable import WorkbookCLI
import WorkbookMutation

/// Decodes `words` as `command`'s options would be: parsed against every spec, then
/// decoded by the command's own `Options`.
func decode<C: Command>(_ command: C.Type, _ words: [String]) throws -> C.Options {
    let invocation = try ArgumentParser(commands: WorkbookCLI.specs).parse([command.spec.name] + words)
    return try command.options(invocation, currentDirectory: URL(fileURLWithPath: "/work/here"))
}

@Suite("Numeric options")
struct NumericOptionsTests {
    @Test("a count is a whole number in its range; anything else names what is accepted", arguments: [
        ("4", 4 as Int?), ("1", 1), ("64", 64), ("0", nil), ("65", nil), ("2.5", nil), ("four", nil), ("", nil),
    ])
    func wholeNumbers(text: String, expected: Int?) throws {
        if let expected {
            #expect(try decode(GradeCommand.self, ["subs", "--jobs", text]).jobs == expected)
        } else {
            #expect(throws: UsageError.notANumber(option: "jobs", value: text, accepted: .whole(1...64))) {
                try decode(GradeCommand.self, ["subs", "--jobs", text])
            }
            #expect(UsageError.notANumber(option: "jobs", value: text, accepted: .whole(1...64)).description
                == "'\(text)' is not a value of '--jobs'; use one of: a whole number from 1 to 64")
        }
    }

    @Test("an option not given is its default")
    func defaults() throws {
        let mutate = try decode(MutateCommand.self, [])
        #expect(mutate.floor == 95)
        #expect(mutate.runner.timeout == 5)
        #expect(mutate.runner.sample == nil)
        #expect(mutate.runner.workers == MutationRunner.Options().workers)
        #expect(try decode(GradeCommand.self, ["subs"]).jobs == nil)
        #expect(try decode(CheckCommand.self, ["1"]).grader.timeout == 10)
        let classroom = try decode(ClassroomCommand.self, [])
        #expect(classroom.points == 1 && classroom.minutes == 10)
    }

    @Test("a number may have a fraction, but must be finite and in its range", arguments: [
        ("97.5", 97.5 as Double?), ("0", 0), ("100", 100), ("100.1", nil), ("-1", nil), ("nan", nil), ("inf", nil),
    ])
    func numbers(text: String, expected: Double?) throws {
        if let expected {
            #expect(try decode(MutateCommand.self, ["--min-score", text]).floor == expected)
        } else {
            #expect(throws: UsageError.notANumber(option: "min-score", value: text, accepted: .fraction(0...100, unit: nil))) {
                try decode(MutateCommand.self, ["--min-score", text])
            }
        }
    }

    @Test("every command's --timeout in seconds takes 0.1 to 3600 and says so in seconds",
          arguments: ["check", "run", "grade", "mutate", "verify", "watch"])
    func timeouts(command: String) throws {
        let spec = try #require(WorkbookCLI.specs.first { $0.name == command })
        let option = try #require(spec.options.first { $0.name == "timeout" })
        #expect(option.numbers == .fraction(0.1...3600, unit: "seconds"))
        #expect(UsageError.notANumber(option: "timeout", value: "0", accepted: try #require(option.numbers)).description
            == "'0' is not a value of '--timeout'; use one of: a number of seconds from 0.1 to 3600")
        #expect(option.numbers?.decode("0.1") == 0.1)
        #expect(option.numbers?.decode("0.05") == nil)
    }

    @Test("classroom's --timeout is whole minutes, and its --points a whole number up to 1000", arguments: [
        (["--timeout", "0"], "timeout"), (["--timeout", "2.5"], "timeout"), (["--points", "1001"], "points"), (["--points", "x"], "points"),
    ])
    func classroomCounts(words: [String], option: String) throws {
        #expect(throws: UsageError.notANumber(option: option, value: words[1], accepted: .whole(1...1000))) {
            try decode(ClassroomCommand.self, words)
        }
    }

    @Test("a count that is given is decoded, so --sample 1 is not the default")
    func countGiven() throws {
        #expect(try decode(MutateCommand.self, ["--sample", "1", "--jobs", "3"]).runner.sample == 1)
        #expect(try decode(MutateCommand.self, ["--jobs", "3"]).runner.workers == 3)
        #expect(try decode(ClassroomCommand.self, ["--points", "3", "--timeout", "20"]).minutes == 20)
    }
}
