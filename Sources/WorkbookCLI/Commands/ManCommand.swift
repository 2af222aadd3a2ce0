
/// `workbook man`: the manual page, in roff, on standard output.
enum ManCommand: Command {
    static let spec = CommandSpec(
        name: "man", summary: "print the manual page (roff), generated from the command table",
        discussion: """
        Prints workbook(1) in roff. `make install` installs it; to read it without
        installing: `workbook man | man -l -`. Exit status: 0.
        """)

    static func run(_: NoOptions, in context: CommandContext) throws -> ExitCode {
        context.console.write(ManPage.roff(WorkbookCLI.specs, parser: ArgumentParser(commands: WorkbookCLI.specs)))
        return .success
    }
}
