import Foundation

/// `--root`, `--exercises` and `--help`: every command's, decoded once for the context.
struct GlobalOptions: ParsableOptions {
    static let root = CommandSpec.Option.value(
        "root", "DIR", "the workbook folder (default: nearest folder upward with chapters/ and Package.swift; or WORKBOOK_ROOT)")
    static let exercises = CommandSpec.Option.value(
        "exercises", "DIR", "the learner's workspace (default: exercises/ in the root; or WORKBOOK_EXERCISES)")
    static let help = CommandSpec.Option.flag("help", "show help for the command")

    var root: URL?
    var exercises: URL?
    var help: Bool

    init(from given: OptionValues) {
        root = given.path(Self.root)
        exercises = given.path(Self.exercises)
        help = given.flag(Self.help)
    }
}
