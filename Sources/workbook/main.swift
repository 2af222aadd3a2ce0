import Foundation
import WorkbookCLI

// The real streams and the real terminal; everything else is in WorkbookCLI.run.
let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
let console = Console(
    colorOut: !noColor && isatty(STDOUT_FILENO) != 0,
    colorError: !noColor && isatty(STDERR_FILENO) != 0,
    interactive: isatty(STDOUT_FILENO) != 0,
    out: { FileHandle.standardOutput.write(Data($0.utf8)) },
    error: { FileHandle.standardError.write(Data($0.utf8)) }
)
exit(WorkbookCLI.run(Array(CommandLine.arguments.dropFirst()), console: console))
