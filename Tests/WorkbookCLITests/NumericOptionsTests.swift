import Testing
@testable import WorkbookCLI

@Suite("Numeric options")
struct NumericOptionsTests {
    @Test("a count is a whole number in its range; anything else names what is accepted", arguments: [
        ("4", 4 as Int?), ("1", 1), ("64", 64), ("0", nil), ("65", nil), ("2.5", nil), ("four", nil), ("", nil),
    ])
    func wholeNumbers(text: String, expected: Int?) throws {
        let invocation = Invocation(command: "grade", values: ["jobs": text])
        if let expected {
            #expect(try invocation.wholeNumber("jobs", default: 3, in: 1...64) == expected)
        } else {
            #expect(throws: UsageError.invalidChoice(option: "jobs", value: text, choices: ["a whole number from 1 to 64"])) {
                try invocation.wholeNumber("jobs", default: 3, in: 1...64)
            }
        }
    }

    @Test("an option not given is its default")
    func defaults() throws {
        let invocation = Invocation(command: "mutate")
        #expect(try invocation.wholeNumber("jobs", default: 3, in: 1...64) == 3)
        #expect(try invocation.number("min-score", default: 95, in: 0...100) == 95)
    }

    @Test("a number may have a fraction, but must be finite and in its range", arguments: [
        ("97.5", 97.5 as Double?), ("0", 0), ("100", 100), ("100.1", nil), ("-1", nil), ("nan", nil), ("inf", nil),
    ])
    func numbers(text: String, expected: Double?) throws {
        let invocation = Invocation(command: "mutate", values: ["min-score": text])
        if let expected {
            #expect(try invocation.number("min-score", default: 95, in: 0...100) == expected)
        } else {
            #expect(throws: UsageError.self) { try invocation.number("min-score", default: 95, in: 0...100) }
        }
    }
}

@Suite("The --format option")
struct OutputFormatTests {
    @Test("every command's formats are OutputFormat's words, text first; a word a command lacks is a usage error")
    func formatsAreTyped() throws {
        let parser = ArgumentParser(commands: WorkbookCLI.specs)
        let withFormat = WorkbookCLI.specs.compactMap { spec in spec.options.first { $0.name == "format" }.map { (spec.name, $0) } }
        #expect(withFormat.count >= 7, "\(withFormat.map(\.0))")
        for (name, option) in withFormat {
            let choices = try #require(option.choices, "\(name)")
            #expect(choices.first == "text" && choices.allSatisfy { OutputFormat(rawValue: $0) != nil }, "\(name): \(choices)")
            for format in OutputFormat.allCases {
                let arguments = [name] + (name == "check" || name == "run" ? ["1"] : []) + ["--format", format.rawValue]
                if choices.contains(format.rawValue) {
                    #expect(try parser.parse(arguments).format == format, "\(arguments)")
                } else {
                    #expect(throws: UsageError.self, "\(arguments)") { try parser.parse(arguments) }
                }
            }
        }
        #expect(Invocation(command: "list").format == .text)
    }
}
