import Foundation
import Testing

/// Issue 57: one environment value (`HostEnvironment`, with the toolchain), made by the
/// command line and passed down. Read from the engine's sources: no `ProcessInfo` below
/// the command line, and no process-wide sandbox or back-end state.
@Suite("Nothing below the command line reads the process's environment or keeps the sandbox's state")
struct HostEnvironmentTests {
    /// Where `ProcessInfo` may be read below the command line, and why.
    static let processInfoAllowed: Set<String> = [
        "WorkbookSystem/Concurrency/BlockingLanes.swift",  // the processor count: the machine's, not the command's
    ]

    /// The files that hold the sandbox's and the back end's state.
    static let stateFiles = ["WorkbookSystem/Processes/Sandbox.swift", "WorkbookSystem/Processes/SandboxProbeMemo.swift",
                             "WorkbookSystem/Processes/HostEnvironment.swift", "WorkbookToolchain/Backend/BuildBackend.swift"]

    /// A line of Swift without its string literals' contents and its comment.
    static func code(_ line: Substring) -> String {
        var kept = ""
        var inString = false, escaped = false
        var previous: Character = " "
        for character in line {
            defer { previous = character }
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false; kept.append("\"") }
                continue
            }
            if character == "/", previous == "/" { kept.removeLast(); break }
            if character == "\"" { inString = true }
            kept.append(character)
        }
        return kept
    }

    static func lines(of relative: String) throws -> [String] {
        try String(contentsOf: LayeringTests.sources.appendingPathComponent(relative), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map { code($0) }
    }

    @Test("no engine target below the command line reads ProcessInfo")
    func noProcessInfoBelowTheCLI() throws {
        var offenders: [String] = []
        var checked = 0
        for layer in LayeringTests.layers where layer != "WorkbookCLI" {
            for file in LayeringTests.swiftFiles(in: layer) {
                let relative = String(file.path.dropFirst(LayeringTests.sources.path.count + 1))
                guard !Self.processInfoAllowed.contains(relative) else { continue }
                checked += 1
                for (number, line) in try Self.lines(of: relative).enumerated() where line.contains("ProcessInfo") {
                    offenders.append("Sources/\(relative):\(number + 1)")
                }
            }
        }
        #expect(checked > 100, "the engine's sources were read (\(checked) files)")
        #expect(offenders.isEmpty, "reads ProcessInfo; take the command's HostEnvironment (toolchain.host) instead:\n\(offenders.joined(separator: "\n"))")
    }

    @Test("the sandbox and the back end keep no process-wide state: no static var, lazy static or lock")
    func noGlobalSandboxState() throws {
        var offenders: [String] = []
        for relative in Self.stateFiles {
            for (number, line) in try Self.lines(of: relative).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                let isStatic = trimmed.contains("static var ") || trimmed.contains("static let ")
                // A static constant is fine; one worked out on first use, or a lock, is state.
                if isStatic && (trimmed.contains("static var ") || trimmed.hasSuffix("= {") || trimmed.contains("Mutex") || trimmed.contains("Atomic")) {
                    offenders.append("Sources/\(relative):\(number + 1): \(trimmed)")
                }
            }
        }
        #expect(offenders.isEmpty, "process-wide sandbox or back-end state:\n\(offenders.joined(separator: "\n"))")
    }

    @Test("the scan sees code, not a string's text or a comment")
    func scanSeesCode() {
        #expect(Self.code(#"let x = "ProcessInfo.processInfo.environment[\"K\"]" // ProcessInfo"#) == #"let x = "" "#)
        #expect(Self.code("    static let status: Status = probe(ProcessInfo.processInfo)").contains("ProcessInfo"))
    }
}
