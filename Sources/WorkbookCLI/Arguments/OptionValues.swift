import Foundation

/// A parsed command line as a command's `Options` reads it: by the spec's `Option`
/// values, so an option's spelling lives in the spec alone. Every read is typed; the
/// numeric ones are in NumericOptions.swift.
struct OptionValues {
    let invocation: Invocation
    /// The options these words were parsed against: reading another is a programming
    /// error, caught by an assertion (the tests decode every command).
    let known: [CommandSpec.Option]
    /// What relative paths are relative to.
    let currentDirectory: URL

    init(_ invocation: Invocation, known: [CommandSpec.Option], currentDirectory: URL) {
        self.invocation = invocation
        self.known = known
        self.currentDirectory = currentDirectory
    }

    /// The positional arguments, in order (their count was checked by the parser).
    var arguments: [String] { invocation.arguments }

    /// Whether a flag was given.
    func flag(_ option: CommandSpec.Option) -> Bool {
        checkKnown(option)
        return invocation.flags.contains(option.name)
    }

    /// The option's value as typed (the last one, when it was given more than once).
    func text(_ option: CommandSpec.Option) -> String? {
        checkKnown(option)
        return invocation.values[option.name]
    }

    /// Every value given for a repeatable option, in order.
    func texts(_ option: CommandSpec.Option) -> [String] {
        checkKnown(option)
        return invocation.repeated[option.name] ?? invocation.values[option.name].map { [$0] } ?? []
    }

    /// A path option, relative to the current directory.
    func path(_ option: CommandSpec.Option) -> URL? {
        text(option).map(resolve)
    }

    /// One of the option's choices, as its type. The parser has checked the word against
    /// the spec's choices, so only a spec that disagrees with the type can miss.
    func choice<Choice: RawRepresentable<String>>(_ option: CommandSpec.Option) -> Choice? {
        guard let text = text(option) else { return nil }
        let choice = Choice(rawValue: text)
        assert(choice != nil, "--\(option.name)'s choices in its spec are not \(Choice.self)'s")
        return choice
    }

    func choice<Choice: RawRepresentable<String>>(_ option: CommandSpec.Option, default value: Choice) -> Choice {
        choice(option) ?? value
    }

    /// A path from the command line, relative to the current directory.
    func resolve(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : currentDirectory.appendingPathComponent(path)
    }

    private func checkKnown(_ option: CommandSpec.Option) {
        assert(known.contains { $0.name == option.name }, "--\(option.name) is not in the spec it is read with")
    }
}
