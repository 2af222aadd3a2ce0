import WorkbookCLI
import Foundation
exit(WorkbookCLI.run(Array(CommandLine.arguments.dropFirst())))
