import Foundation
import Testing

/// Issue 57: one owner of the workbook's layout (`WorkbookLayout`, as SwiftPM's
/// `Workspace.Location`). Read from the engine's sources: no string literal outside the
/// owner names a place of the layout, so moving one is an edit of one file.
@Suite("No path of the workbook's layout is spelled outside WorkbookLayout")
struct WorkbookLayoutTests {
    /// The owner; the cache's own folders are named by `CacheFolder`, their one owner.
    static let owners: Set<String> = ["WorkbookModel/Workspace/WorkbookLayout.swift"]

    /// The layout's places: a literal that is one of these, or starts with one and a `/`.
    static let places = ["exercises", "chapters", "Sources", "Tests", "hints", ".workbook", "cache", "progress.json",
                         "Package.swift", "gradebook", "students", "handouts", "workbook-release.json"]

    /// Literals that spell a place's name but are no path, each with why (file, literal).
    static let notPaths: Set<[String]> = [
        ["WorkbookCLI/Output/JSONOutput.swift", "chapters"],        // JSON keys of `list`, `lint` and `progress`
        ["WorkbookCLI/Output/JSONOutput.swift", "exercises"],
        ["WorkbookCLI/Arguments/GlobalOptions.swift", "exercises"], // the `--exercises` option's name
        ["WorkbookCLI/Commands/RenderCommand.swift", "hints"],      // the `--hints` option's name
        ["WorkbookModel/Parsing/ChapterParser.swift", "Tests"],     // a chapter's `Tests:` label
        ["WorkbookModel/Exercises/HiddenTests.swift", "Tests"],     // the suffix of a test target's and a suite's name
        ["WorkbookClassroom/ExerciseStatistics.swift", "students"], // a column of exercises.csv
        ["WorkbookRendering/PrintBook.swift", "hints"],             // a page element's id (`hints-1-2`)
    ]

    /// The string literals of a line of Swift (not of a comment), interpolations kept as written.
    static func literals(in line: Substring) -> [String] {
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//") else { return [] }
        var found: [String] = []
        var current: String?
        var escaped = false
        var previous: Character = " "
        for character in code {
            defer { previous = character }
            if var text = current {
                if escaped { text.append(character); escaped = false; current = text; continue }
                if character == "\\" { escaped = true; text.append(character); current = text; continue }
                if character == "\"" { found.append(text); current = nil; continue }
                text.append(character)
                current = text
            } else if character == "\"" {
                current = ""
            } else if character == "/", previous == "/" {
                break  // a comment to the line's end
            }
        }
        return found
    }

    static func isPlace(_ literal: String) -> Bool {
        places.contains { literal == $0 || literal.hasPrefix($0 + "/") }
    }

    @Test("every engine source names the layout's places through WorkbookLayout")
    func noLayoutLiterals() throws {
        let folder = LayeringTests.sources
        var offenders: [String] = []
        var checked = 0
        for layer in LayeringTests.layers + ["workbook"] {
            for file in LayeringTests.swiftFiles(in: layer) {
                let relative = String(file.path.dropFirst(folder.path.count + 1))
                guard !Self.owners.contains(relative) else { continue }
                checked += 1
                let text = try String(contentsOf: file, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    for literal in Self.literals(in: line) where Self.isPlace(literal) && !Self.notPaths.contains([relative, literal]) {
                        offenders.append("Sources/\(relative):\(number + 1): \"\(literal)\"")
                    }
                }
            }
        }
        #expect(checked > 100, "the engine's sources were read (\(checked) files)")
        #expect(offenders.isEmpty, "spell these through WorkbookLayout:\n\(offenders.joined(separator: "\n"))")
    }

    @Test("the scan finds a layout path in code, and not in a comment or an unrelated string")
    func scanFindsLiterals() {
        #expect(Self.literals(in: #"let x = root.appendingPathComponent("exercises") // "chapters""#) == ["exercises"])
        #expect(Self.literals(in: #"    // workbook.url("Sources/Diner")"#).isEmpty)
        #expect(Self.literals(in: #"f("Sources/\(module)", "a \"quoted\" word")"#) == [#"Sources/\(module)"#, #"a \"quoted\" word"#])
        #expect(Self.isPlace(#"Tests/\(module)Tests"#) && Self.isPlace(".workbook") && !Self.isPlace("exercises.csv"))
    }
}
