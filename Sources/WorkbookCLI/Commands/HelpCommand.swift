/// `workbook help [COMMAND]` and `--help`: generated from the command specs.
enum HelpCommand: Command {
    typealias Options = ArgumentsOnly

    static let spec = CommandSpec(
        name: "help", summary: "show help for the tool or one command",
        arguments: "[COMMAND]", argumentCount: 0...1)

    /// `workbook help [COMMAND]`: the overview, or one command in full.
    static func run(_ given: Options, in context: CommandContext) throws -> ExitCode {
        let specs = WorkbookCLI.specs
        let parser = ArgumentParser(commands: specs)
        guard let name = given.arguments.first else {
            overview(specs, parser: parser, on: context.console)
            return .success
        }
        guard let target = specs.first(where: { $0.name == name }) else {
            throw UsageError.unknownCommand(name, suggestion: parser.closest(to: name, in: specs.map(\.name)))
        }
        detail(target, parser: parser, on: context.console)
        return .success
    }

    static func overview(_ specs: [CommandSpec], parser: ArgumentParser, on console: Console) {
        console.print(console.styled("workbook", .bold) + " — the Closures Workbook: read a chapter, solve its exercises, check them.")
        console.print()
        console.print("Usage: workbook <command> [arguments] [--root DIR] [--exercises DIR]")
        console.print()
        console.print("Commands:")
        let width = specs.map(\.name.count).max() ?? 0
        for spec in specs {
            console.print("  \(spec.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(spec.summary)")
        }
        console.print()
        console.print("Global options:")
        printOptions(CommandSpec.globalOptions, on: console)
        console.print()
        console.print("Exit status: 0 success, 1 the checked thing has problems, 2 usage error or unknown chapter/exercise.")
        console.print("Run `workbook help <command>` for a command's options. NO_COLOR turns colour off.")
    }

    static func detail(_ spec: CommandSpec, parser: ArgumentParser, on console: Console) {
        console.print("Usage: \(parser.usage(of: spec))")
        console.print()
        console.print(spec.summary.prefix(1).uppercased() + spec.summary.dropFirst() + ".")
        if !spec.discussion.isEmpty {
            console.print()
            console.print(spec.discussion)
        }
        if !spec.options.isEmpty {
            console.print()
            console.print("Options:")
            printOptions(spec.options, on: console)
        }
        console.print()
        console.print("Global options:")
        printOptions(CommandSpec.globalOptions, on: console)
    }

    private static func printOptions(_ options: [CommandSpec.Option], on console: Console) {
        let forms = options.map { "--\($0.name)\($0.valueName.map { " \($0)" } ?? "")" }
        let width = forms.map(\.count).max() ?? 0
        for (form, option) in zip(forms, options) {
            console.print("  \(form.padding(toLength: width, withPad: " ", startingAt: 0))  \(option.help)")
        }
    }
}
