import Foundation
import Synchronization
import Testing
import WorkbookCLI

/// What one run of the CLI printed and returned.
struct CLIRun {
    var exitCode: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs the CLI in-process, as `workbook <arguments>` typed in `directory`.
func runCLI(
    _ arguments: [String], in directory: URL, environment: [String: String] = [:], color: Bool = false
) -> CLIRun {
    let out = Mutex(""), err = Mutex("")
    let console = Console(
        colorOut: color, colorError: color,
        out: { text in out.withLock { $0 += text } },
        error: { text in err.withLock { $0 += text } })
    let code = WorkbookCLI.run(arguments, environment: environment, currentDirectory: directory, console: console)
    return CLIRun(exitCode: code, standardOutput: out.withLock { $0 }, standardError: err.withLock { $0 })
}
