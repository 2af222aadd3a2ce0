import Foundation
import WorkbookModel
import WorkbookSystem

/// The `workbook` command line as a function: arguments in, exit code out. `main`
/// is a thin wrapper; tests call `run` directly with a captured console.
public enum WorkbookCLI {
    /// The commands that work, in the order help lists them.
    static var commands: [any Command.Type] {
        [ListCommand.self, LintCommand.self]
            + [StartCommand.self, EditorCommand.self, CheckCommand.self, HintCommand.self, SolutionCommand.self, ResetCommand.self]
            + [ProgressCommand.self, WatchCommand.self, VerifyCommand.self, MutateCommand.self]
            + [RunCommand.self, RenderCommand.self, GradeCommand.self, ClassroomCommand.self, ReleaseCommand.self, NewCommand.self, CleanCommand.self]
            + [CompletionsCommand.self, ManCommand.self, HelpCommand.self, VersionCommand.self]
    }

    static var specs: [CommandSpec] {
        commands.map { $0.spec }
    }

    /// Runs one command line and returns its exit code.
    public static func run(
        _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        console: Console
    ) -> Int32 {
        let parser = ArgumentParser(commands: specs)
        let invocation: Invocation
        do {
            invocation = try parser.parse(arguments)
        } catch {
            console.error("\(error)")
            console.printError("Run `workbook help` for the list of commands.")
            return ExitCode.usage.rawValue
        }
        let global = GlobalOptions(
            from: OptionValues(invocation, known: CommandSpec.globalOptions, currentDirectory: currentDirectory))
        let context = CommandContext(
            console: console, environment: environment, currentDirectory: currentDirectory, global: global)
        return dispatch(invocation, parser: parser, context: context).rawValue
    }

    private static func dispatch(_ invocation: Invocation, parser: ArgumentParser, context: CommandContext) -> ExitCode {
        let console = context.console
        let spec = specs.first { $0.name == invocation.command }
        if context.global.help, let spec {
            HelpCommand.detail(spec, parser: parser, on: console)
            return .success
        }
        do {
            if let command = commands.first(where: { $0.spec.name == invocation.command }) {
                // A usage error in the options is thrown here, before the command runs.
                let status = try command.decodeAndRun(invocation, in: context)
                // After any command run in a workbook, not a hand-kept list of those that fill the
                // cache (watch, render and classroom were missing from it): at most once an
                // hour (one stat of a stamp otherwise), and only when the cache exists; under
                // the cap it only measures (about 30 ms).
                if let root = try? context.workbookRoot() {
                    Workbook.cachePruner(root: root, environment: context.environment).pruneIfDue()
                }
                return status
            }
            console.error("unknown command '\(invocation.command)'")
            return .usage
        } catch let error as UsageError {
            console.error("\(error)")
            return .usage
        } catch let error as WorkbookError {
            // One label: the error's own location first, when it has one.
            console.error(error.message, at: error.path)
            switch error {
            case .unknownChapter, .unknownExercise, .rootNotFound: return .usage
            default: return .failure
            }
        } catch {
            // A file error says the path and the system's words, not Foundation's dump.
            if let failure = FileFailure.from(error) {
                console.error(failure.reason, at: failure.path)
            } else {
                console.error("\(error)")
            }
            return .failure
        }
    }
}
