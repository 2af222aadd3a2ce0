/// `--format`: one type for every command that has it. The spec lists a command's formats
/// (so the parser refuses others before `run`), and `OptionValues.choice` decodes it once.
enum OutputFormat: String, Sendable, CaseIterable {
    case text, json, junit
    /// `check N.M` in a GitHub Classroom step: the reporter's `result=` line (`ClassroomResult`).
    case classroom

    /// The `--format` option of a command that prints `formats` (text first: the default).
    static func option(_ formats: [OutputFormat], _ help: String) -> CommandSpec.Option {
        .value("format", "FORMAT", choices: formats.map(\.rawValue), help)
    }
}
