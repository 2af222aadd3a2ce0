import Foundation
import WorkbookModel
import WorkbookToolchain

/// The tests run in the same process as the learner's code, so whatever the runner keeps
/// there (its results channel and key) is within reach of code that reads memory through
/// pointers: a heap walk that found the channel's key and signed its own "all passed"
/// passed a wrong answer (issue 56, measured). The learner's module is compiled with
/// Swift's strict memory safety (SE-0458), which warns at every unsafe construct that is
/// not marked `unsafe`; a learner file is refused at the first such warning, and at any
/// `unsafe` marker, `@unsafe`/`@safe`, `@_silgen_name` or `@_cdecl` it holds, unless its
/// exercise allows it by label (`Allows: unsafe`, `Allows: @_cdecl`).
enum UnsafeMemoryScan {
    /// Added to the learner module's compile: the warnings `refusal(warnings:)` reads.
    static let compilerFlags = ["-strict-memory-safety"]

    /// The label `Allows:` takes for unsafe constructs and their markers.
    static let label = "unsafe"

    static let why = "code in the tests' process that reads or writes memory through it could reach the grader's records; "
        + "write it in safe Swift"

    /// The first refused marker or attribute in `source`, by tokens (never a comment or a string).
    static func refusal(_ source: String, allows: [String], shownPath: String) -> String? {
        let tokens = SourceTokens(source).tokens
        for (index, token) in tokens.enumerated() {
            let refused: String
            switch token.text {
            case "unsafe":
                // `nonisolated(unsafe)` is a concurrency marker (`Forbids:` rules it out where it matters).
                if index >= 2, tokens[index - 1].text == "(", tokens[index - 2].text == "nonisolated" { continue }
                guard !allows.contains(label) else { continue }
                refused = "`unsafe`"
            case "@unsafe", "@safe":
                guard !allows.contains(label) else { continue }
                refused = "`\(token.text)`"
            case "@_silgen_name", "@_cdecl", "@_extern", "@_section", "@_used":
                guard !allows.contains(token.text) else { continue }
                refused = "`\(token.text)`"
            default:
                continue
            }
            return "\(shownPath):\(token.line):1: error: \(refused) is refused in a learner's file: " + why
        }
        return nil
    }

    /// Whether a warning's notes all name a concurrency escape (`nonisolated(unsafe)`,
    /// `@unchecked Sendable`): a data race to be ruled out by `Forbids:` where an exercise
    /// is about it, not a way to read memory (1.2's plausible `nonisolated(unsafe) var
    /// count` was refused as one, measured).
    static func concurrencyOnly(_ warning: String) -> Bool {
        let notes = warning.split(separator: "\n").filter { $0.contains("note: ") }
        return !notes.isEmpty && notes.allSatisfy { $0.contains("nonisolated(unsafe)") || $0.contains("@unchecked") }
    }

    /// The refusal for the first strict-memory-safety warning among one learner file's
    /// compiler warnings (`IncrementalModuleBuilder.Built.warnings`), in the compiler's words.
    static func refusal(warnings: String, allows: [String], shownPath: String) -> String? {
        guard !allows.contains(label) else { return nil }
        let diagnostics = CompilerDiagnostics(warnings)
        guard let first = diagnostics.entries.first(where: { $0.severity == "warning" && $0.text.contains("[#StrictMemorySafety]") && !concurrencyOnly($0.text) }),
              let header = first.text.split(separator: "\n").first,
              let words = header.components(separatedBy: ": warning: ").last?.replacingOccurrences(of: " [#StrictMemorySafety]", with: "")
        else { return nil }
        return "\(shownPath):\(first.line):\(first.column): error: \(words): unsafe code is refused in a learner's file, because " + why
    }
}
