/// A command's options, typed: decoded once from the parsed words and validated (ranges,
/// options that need each other) before `run`, which reads only these fields.
protocol ParsableOptions {
    init(from given: OptionValues) throws(UsageError)
}

/// The options of a command that takes none of its own.
struct NoOptions: ParsableOptions {
    init(from given: OptionValues) {}
}

/// The options of a command that takes positional arguments only.
struct ArgumentsOnly: ParsableOptions {
    /// In order; the parser checked how many.
    var arguments: [String]

    init(from given: OptionValues) {
        arguments = given.arguments
    }
}
