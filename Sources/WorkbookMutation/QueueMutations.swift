import Foundation
import WorkbookModel

/// The statement-level mistakes a class makes with completion handlers, locks and
/// state: a completion called before the work it reports, or twice; a check and its act
/// split across two critical sections; a state update deleted where `line-deleted`
/// cannot reach it (a statement spanning lines, or one of several on a line).
///
/// Decided from tokens, not from a parse: a *completion* is a closure the file declares
/// as a parameter or property of function type (`done: @escaping () -> Void`, a
/// typealias of one), or one named like one (`done`, `completion`, `handler`, `onPick`),
/// or a continuation's `resume`.
extension Statements {
    /// The names a completion goes by in `lines`.
    static func completionNames(lines: [String], mask: CodeMask) -> Set<String> {
        var names: Set<String> = ["done", "completion", "completionHandler", "handler", "callback"]
        let code = lines.indices.map { index in
            String(zip(mask.characters[index], mask.lines[index]).map { $1 ? $0 : " " })
        }.joined(separator: "\n")
        let characters = Array(code)
        // `typealias Schedule = @Sendable (…) -> Void`: a parameter of type `Schedule` is one too.
        var functionTypes: Set<String> = []
        for match in code.matches(of: /typealias\s+(\w+)\s*=\s*([^\n]*)/) where match.output.2.contains("->") {
            functionTypes.insert(String(match.output.1))
        }
        // `name: TYPE` where TYPE, up to the next `,` `)` `=` `{` or line end at depth 0, has an arrow.
        var index = 0
        while index < characters.count {
            guard characters[index] == ":", index > 0, index + 1 < characters.count, characters[index + 1] == " " else { index += 1; continue }
            var nameStart = index
            while nameStart > 0, MutationOperator.isIdentifierCharacter(characters[nameStart - 1]) { nameStart -= 1 }
            let name = String(characters[nameStart..<index])
            var end = index + 1
            var depth = 0
            while end < characters.count {
                let character = characters[end]
                if "([<".contains(character) { depth += 1 }
                if ")]>".contains(character) {
                    // `->`'s `>` closes nothing.
                    if character == ">", end > 0, characters[end - 1] == "-" { end += 1; continue }
                    if depth == 0 { break }
                    depth -= 1
                }
                if depth == 0, ",={\n".contains(character) { break }
                end += 1
            }
            let type = String(characters[(index + 1)..<end])
            let bare = type.trimmingCharacters(in: CharacterSet(charactersIn: " ?!"))
            if !name.isEmpty, name.first?.isLowercase == true || name.first == "_",
               type.contains("->") || functionTypes.contains(bare) {
                names.insert(name)
            }
            index += 1
        }
        // Simple word boundaries: Unicode's (the default) take `self.onPick` for one word.
        for match in code.matches(of: /\b(on[A-Z]\w*)\b/.wordBoundaryKind(.simple)) { names.insert(String(match.output.1)) }
        return names
    }

    /// True when the code of line `index` calls a completion (`done()`, `self.action()`,
    /// `continuation.resume(…)`) or hands one to a queue (`execute: done`).
    func callsCompletion(_ index: Int) -> Bool {
        let code = mask.code(line: index)
        for name in completions {
            for match in code.ranges(of: name) {
                let before = code[..<match.lowerBound]
                let after = code[match.upperBound...]
                if let last = before.last, MutationOperator.isIdentifierCharacter(last) { continue }
                if let next = after.first, MutationOperator.isIdentifierCharacter(next) { continue }
                if before.hasSuffix("execute: ") { return true }
                if after.hasPrefix("("), !before.hasSuffix(".") || before.hasSuffix("self.") { return true }
            }
        }
        return code.contains(".resume(")
    }

    /// `{` minus `}` in the code of line `index`.
    func braceBalance(_ index: Int) -> Int {
        zip(mask.characters[index], mask.lines[index]).reduce(0) { total, pair in
            guard pair.1 else { return total }
            return total + (pair.0 == "{" ? 1 : pair.0 == "}" ? -1 : 0)
        }
    }

    /// The first line of the block that holds line `index`: after its `{` line, or after
    /// a `case …:` label, never outside the solution.
    func blockStart(of index: Int) -> Int {
        var depth = 0
        var line = index - 1
        while line >= 0, solution.contains(line + 1) {
            let code = mask.code(line: line)
            if depth == 0, Self.isLabel(code) { return line + 1 }
            depth -= braceBalance(line)
            if depth < 0 { return line + 1 }
            line -= 1
        }
        return line + 1
    }

    /// The last line of the statement that starts on line `index`: where its brackets close.
    func statementEnd(from index: Int) -> Int? {
        var depth = 0
        var line = index
        while line < lines.count, solution.contains(line + 1) {
            for (character, isCode) in zip(mask.characters[line], mask.lines[line]) where isCode {
                if "({[".contains(character) { depth += 1 }
                if ")}]".contains(character) { depth -= 1 }
            }
            if depth <= 0 { return depth == 0 ? line : nil }
            line += 1
        }
        return nil
    }

    /// `completion-first`: the statement that calls a completion moved to the top of its
    /// block, before the statements it follows.
    func completionMovedUp(_ index: Int) -> (start: Int, original: [String], replacement: [String])? {
        let code = mask.code(line: index)
        guard isStatement(index), !isDeclaration(index), callsCompletion(index),
              !["return", "defer", "if ", "guard "].contains(where: code.hasPrefix) else { return nil }
        // The block's first statement, past the comments that open it.
        guard let start = (blockStart(of: index)..<index).first(where: { !mask.code(line: $0).isEmpty }) else { return nil }
        return (start, Array(lines[start...index]), [lines[index]] + lines[start..<index])
    }

    /// `completion-doubled`: a statement that calls a completion but is not a plain call
    /// (`call-doubled` has those) runs twice; `return completion(x)` calls it first.
    func completionDoubled(_ index: Int) -> [String]? {
        let code = mask.code(line: index)
        guard isStatement(index), !isDeclaration(index), !isPlainCall(index), callsCompletion(index) else { return nil }
        if code.hasPrefix("return ") {
            guard let range = lines[index].range(of: "return ") else { return nil }
            return [lines[index].replacingCharacters(in: range, with: ""), lines[index]]
        }
        return [lines[index], lines[index]]
    }

    /// `check-then-act-split`: a critical section — `RECEIVER.withLock { … }`,
    /// `RECEIVER.sync { … }`, or `RECEIVER.lock()` up to its unlock — whose first
    /// statement checks (`guard COND else { … }`, `if COND {`) and which acts after it:
    /// COND is computed first, under a lock of its own, and the section checks that stale
    /// answer. Another caller may slip in between, which is the race.
    func checkThenActSplit(_ index: Int) -> (original: [String], replacement: [String])? {
        let code = mask.code(line: index)
        let indentation = String(lines[index].prefix { $0 == " " || $0 == "\t" })
        enum Kind { case closure(receiver: String, method: String, parameter: String?), lockCall(receiver: String) }
        let kind: Kind
        let prefix: String
        if let match = code.wholeMatch(of: /(.*?)([A-Za-z_][\w.]*)\.(withLock|sync) \{(?: (\w+)(?: -> [^{}]+)? in)?/) {
            prefix = String(match.output.1)
            kind = .closure(receiver: String(match.output.2), method: String(match.output.3), parameter: match.output.4.map(String.init))
        } else if let match = code.wholeMatch(of: /([A-Za-z_][\w.]*)\.lock\(\)/) {
            prefix = ""
            kind = .lockCall(receiver: String(match.output.1))
        } else {
            return nil
        }
        guard let check = nextCodeLine(index), solution.contains(check + 1) else { return nil }
        let checkCode = mask.code(line: check)
        let condition: String
        if checkCode.hasPrefix("guard "), let elseRange = checkCode.range(of: " else {"), checkCode.hasSuffix("}"), braceBalance(check) == 0 {
            condition = String(checkCode[checkCode.index(checkCode.startIndex, offsetBy: 6)..<elseRange.lowerBound])
            // The act: a statement after the guard, inside the section.
            guard let act = nextCodeLine(check), !mask.code(line: act).hasPrefix("}") else { return nil }
        } else if checkCode.hasPrefix("if "), checkCode.hasSuffix(" {"), !checkCode.contains("} else") {
            condition = String(checkCode.dropFirst(3).dropLast(2))
        } else {
            return nil
        }
        guard !condition.isEmpty, !["let ", "var ", "case ", "await ", "try "].contains(where: condition.contains),
              let conditionRange = lines[check].range(of: condition) else { return nil }
        let checked = lines[check].replacingCharacters(in: conditionRange, with: "checkedEarlier")
        let between = Array(lines[(index + 1)..<check])
        switch kind {
        case let .closure(receiver, method, parameter):
            let head: String
            if let parameter {
                head = "\(parameter) in "
            } else if method == "withLock", !condition.contains("$0") {
                head = "_ in "
            } else {
                head = ""
            }
            var opener = lines[index]
            // A section that was its function's only statement returned its value.
            if prefix.isEmpty, let previous = previousCode(index), previous.hasSuffix("{"),
               let end = statementEnd(from: index), let after = nextCodeLine(end), mask.code(line: after).hasPrefix("}") {
                opener = indentation + "return " + opener.drop { $0 == " " || $0 == "\t" }
            }
            let first = indentation + "let checkedEarlier = \(receiver).\(method) { \(head)\(condition) }"
            return (Array(lines[index...check]), [first, opener] + between + [checked])
        case let .lockCall(receiver):
            let first = [lines[index], indentation + "let checkedEarlier = \(condition)",
                         indentation + "\(receiver).unlock()", indentation + "\(receiver).lock()"]
            return (Array(lines[index...check]), first + between + [checked])
        }
    }

    /// `state-update-deleted`: a statement that changes state and spans lines, deleted
    /// whole; and each `x = …;` that shares a one-line closure with others, deleted alone.
    func stateUpdatesDeleted(_ index: Int) -> [(original: [String], replacement: [String])] {
        var made: [(original: [String], replacement: [String])] = []
        let code = mask.code(line: index)
        let control = ["if ", "guard ", "for ", "while ", "switch ", "repeat", "do ", "do{", "else", "case ", "default",
                       "return", "defer", "}", ")", "]", ".", "@", "#"]
        let starts = previousCode(index).map { previous in
            previous.hasSuffix("{") || previous.hasSuffix("}") || Self.isLabel(previous) || !Self.continuedBy.contains(where: previous.hasSuffix)
        } ?? true
        if starts, !isDeclaration(index), !control.contains(where: code.hasPrefix),
           let end = statementEnd(from: index), end > index,
           nextCodeLine(end).map({ !mask.code(line: $0).hasPrefix(".") }) ?? true,
           (index...end).contains(where: { Self.changesState(mask.code(line: $0)) }) {
            made.append((Array(lines[index...end]), []))
        }
        // `{ state in state.ended = true; return state.tracking }`: the assignment alone.
        let characters = mask.characters[index]
        let isCode = mask.lines[index]
        for separator in MutationOperator.occurrences(of: Array("; "), in: characters, isCode: isCode, wholeWord: false) {
            let head = String(characters[..<separator])
            var start = 0
            for marker in ["; ", " in ", "{ "] {
                if let range = head.range(of: marker, options: .backwards) {
                    start = max(start, head.distance(from: head.startIndex, to: range.upperBound))
                }
            }
            let segment = String(characters[start..<separator])
            guard Self.changesState(segment) else { continue }
            made.append(([lines[index]], [String(characters[..<start]) + String(characters[(separator + 2)...])]))
        }
        return made
    }

    /// `x = …`, `self.x += …`, `$0.menu = …`, `items.append(…)`: code that changes state.
    static func changesState(_ code: String) -> Bool {
        let trimmed = code.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("let ") || trimmed.hasPrefix("var ") { return false }
        if trimmed.firstMatch(of: /^[A-Za-z_$][\w$.\[\]]*\s*(=|\+=|-=|\*=|\/=)\s/) != nil { return true }
        return [".append(", ".insert(", ".remove(", ".removeAll", ".removeValue(", ".add(", ".formUnion("].contains(where: trimmed.contains)
    }
}
