
/// `workbook completions bash|zsh|fish`: the shell's completion script, on standard output.
enum CompletionsCommand: Command {
    typealias Options = ArgumentsOnly

    static let spec = CommandSpec(
        name: "completions", summary: "print a shell completion script (bash, zsh or fish)",
        arguments: "<bash|zsh|fish>", argumentCount: 1...1,
        discussion: """
        Prints the completion script for the shell, generated from the command table:
        commands, their options, and the values those options take. `make install` installs
        all three. By hand: `workbook completions bash > ~/.local/share/bash-completion/completions/workbook`.
        Exit status: 0; 2 for a shell it does not know.
        """)

    static func run(_ given: Options, in context: CommandContext) throws -> ExitCode {
        let shell = given.arguments[0]
        guard let script = ShellCompletions.script(for: shell, specs: WorkbookCLI.specs) else {
            let console = context.console
            console.error("no completions for '\(shell)'; use one of: \(ShellCompletions.shells.joined(separator: ", "))")
            return .usage
        }
        context.console.write(script)
        return .success
    }
}
