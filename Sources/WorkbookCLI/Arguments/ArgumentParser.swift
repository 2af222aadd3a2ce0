/// Turns `[String]` into an `Invocation` using the commands' specs. It only reads the
/// table: adding an option to a command is one line in its spec.
public struct ArgumentParser: Sendable {
    public let commands: [CommandSpec]

    public init(commands: [CommandSpec]) {
        self.commands = commands
    }

    public func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        guard let commandIndex = Self.commandIndex(in: arguments) else {
            if arguments.contains("--version") || arguments.contains("-V") { return Invocation(command: VersionCommand.spec.name) }
            if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
                return Invocation(command: HelpCommand.spec.name)
            }
            throw .noCommand
        }
        // Global options may come before the command; anything else before it is an error.
        let name = arguments[commandIndex]
        guard let spec = commands.first(where: { $0.name == name }) else {
            throw .unknownCommand(name, suggestion: closest(to: name, in: commands.map(\.name)))
        }
        var invocation = Invocation(command: name)
        var rest = Array(arguments[..<commandIndex]) + arguments[(commandIndex + 1)...]
        var positionalOnly = false
        while !rest.isEmpty {
            let word = rest.removeFirst()
            if positionalOnly || !word.hasPrefix("-") || word == "-" {
                invocation.arguments.append(word)
                continue
            }
            if word == "--" { positionalOnly = true; continue }
            if word == "-h" { invocation.flags.insert(GlobalOptions.help.name); continue }
            var optionName = String(word.drop(while: { $0 == "-" }))
            var inlineValue: String?
            if let equals = optionName.firstIndex(of: "=") {
                inlineValue = String(optionName[optionName.index(after: equals)...])
                optionName = String(optionName[..<equals])
            }
            guard let option = spec.allOptions.first(where: { $0.name == optionName }) else {
                throw .unknownOption(word, command: name, suggestion: closest(to: optionName, in: spec.allOptions.map(\.name)))
            }
            guard option.valueName != nil else {
                if inlineValue != nil { throw .unexpectedValue(flag: optionName) }
                invocation.flags.insert(optionName)
                continue
            }
            guard let value = inlineValue ?? (rest.isEmpty ? nil : rest.removeFirst()) else {
                throw .missingValue(option: optionName)
            }
            if let choices = option.choices, !choices.contains(value) {
                throw .invalidChoice(option: optionName, value: value, choices: choices)
            }
            invocation.values[optionName] = value
            invocation.repeated[optionName, default: []].append(value)
        }
        if !invocation.flags.contains(GlobalOptions.help.name), !spec.argumentCount.contains(invocation.arguments.count) {
            throw .wrongArgumentCount(command: name, usage: usage(of: spec))
        }
        return invocation
    }

    /// Where the command word is: the first word that is neither an option nor the value
    /// of a global option before it (`workbook --root DIR list`).
    static func commandIndex(in arguments: [String]) -> Int? {
        let takesValue = Set(CommandSpec.globalOptions.filter { $0.valueName != nil }.map { "--" + $0.name })
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if !word.hasPrefix("-") || word == "-" { return index }
            index += takesValue.contains(word) ? 2 : 1
        }
        return nil
    }

    /// `workbook check <N|N.M> [--format FORMAT] [--timeout S]`.
    public func usage(of spec: CommandSpec) -> String {
        var parts = ["workbook", spec.name]
        if !spec.arguments.isEmpty { parts.append(spec.arguments) }
        for option in spec.options {
            parts.append("[--\(option.name)\(option.valueName.map { " \($0)" } ?? "")]")
        }
        return parts.joined(separator: " ")
    }

    /// The known name nearest to a mistyped one, when it is near enough to be a typo.
    func closest(to word: String, in names: [String]) -> String? {
        let scored = names.map { ($0, editDistance(word, $0)) }.min { $0.1 < $1.1 }
        guard let (name, distance) = scored, distance <= max(2, word.count / 3), distance < word.count else { return nil }
        return name
    }

    private func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
