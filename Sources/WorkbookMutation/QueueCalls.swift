import Foundation

/// The one-line queue mistakes: `asyncAfter` made `sync`, a hop run in place, work sent
/// to the wrong queue. Each finds the dispatch calls of a line — `RECEIVER.async…`, the
/// receiver being the expression just before the dot — and rewrites one at a time.
enum QueueCalls {
    /// One dispatch call in a line of code.
    struct Call {
        /// Where the receiver starts (`DispatchQueue.main`, `queue`, `self.kitchen`).
        var receiver: Range<Int>
        /// `async` or `asyncAfter`.
        var method: String
        /// The parenthesised arguments, parentheses included (empty when there are none).
        var arguments: Range<Int>
        /// The function handed over as `execute: NAME`, when that is how the work comes.
        var executed: String?
        /// True when a trailing closure (` {`) follows.
        var trailingClosure: Bool
        /// True when the call starts its statement (the line, or a one-line closure's body).
        var startsStatement: Bool
    }

    static func rewrites(_ characters: [Character], isCode: [Bool], rewrite: MutationOperator.Rewrite) -> [String] {
        let text = { (range: Range<Int>) in String(characters[range]) }
        var results: [String] = []
        for call in calls(in: characters, isCode: isCode) {
            let before = text(0..<call.receiver.lowerBound)
            let after = text(call.arguments.upperBound..<characters.count)
            let receiver = text(call.receiver)
            let arguments = text(call.arguments)
            switch rewrite {
            case .asyncAfterToSync:
                // `.async` alone is the token operator's; here the calls with arguments.
                guard call.method == "asyncAfter" || !arguments.isEmpty else { continue }
                if let executed = call.executed {
                    results.append(before + receiver + ".sync(execute: \(executed))" + after)
                } else if call.trailingClosure {
                    results.append(before + receiver + ".sync" + after)
                }
            case .hopRemoved:
                guard call.startsStatement else { continue }
                if let executed = call.executed {
                    results.append(before + executed + "()" + after)
                } else if call.trailingClosure {
                    results.append(before + "do" + after)
                }
            case .queueSwapped:
                let main = receiver == "DispatchQueue.main"
                results.append(before + (main ? "DispatchQueue.global()" : "DispatchQueue.main") + "." + call.method + arguments + after)
            default:
                return []
            }
        }
        if case .queueSwapped = rewrite {
            // `group.notify(queue: .main)`: the same hop, spelled as an argument.
            for start in MutationOperator.occurrences(of: Array("queue: .main"), in: characters, isCode: isCode, wholeWord: true) {
                results.append(String(characters[..<start]) + "queue: .global()" + String(characters[(start + 12)...]))
            }
        }
        return results
    }

    /// The `.async` and `.asyncAfter` calls of a line, left to right.
    static func calls(in characters: [Character], isCode: [Bool]) -> [Call] {
        var found: [Call] = []
        for method in ["async", "asyncAfter"] {
            for dot in MutationOperator.occurrences(of: Array("." + method), in: characters, isCode: isCode, wholeWord: true) {
                guard let receiver = receiver(endingAt: dot, in: characters), !receiver.isEmpty else { continue }
                var end = dot + 1 + method.count
                var arguments = end..<end
                if end < characters.count, characters[end] == "(" {
                    guard let close = matching(from: end, in: characters, isCode: isCode) else { continue }
                    arguments = end..<(close + 1)
                    end = close + 1
                }
                let argumentText = String(characters[arguments])
                var executed: String?
                if let range = argumentText.range(of: "execute: ") {
                    let name = argumentText[range.upperBound...].dropLast()
                    guard !name.isEmpty, name.allSatisfy(MutationOperator.isIdentifierCharacter) else { continue }
                    executed = String(name)
                }
                let rest = String(characters[end...])
                let trailing = executed == nil && rest.hasPrefix(" {")
                guard executed != nil || trailing else { continue }
                let lead = String(characters[..<receiver.lowerBound])
                let starts = lead.allSatisfy(\.isWhitespace) || lead.hasSuffix("{ ") || lead.hasSuffix(" in ") || lead.hasSuffix("; ")
                found.append(Call(receiver: receiver, method: method, arguments: arguments, executed: executed,
                                  trailingClosure: trailing, startsStatement: starts))
            }
        }
        return found.sorted { $0.receiver.lowerBound < $1.receiver.lowerBound }
    }

    /// The receiver before the dot at `dot`: names, dots and balanced `(…)`.
    private static func receiver(endingAt dot: Int, in characters: [Character]) -> Range<Int>? {
        var start = dot
        while start > 0 {
            let previous = characters[start - 1]
            if MutationOperator.isIdentifierCharacter(previous) || previous == "." {
                start -= 1
            } else if previous == ")" {
                var depth = 0
                var index = start - 1
                while index >= 0 {
                    if characters[index] == ")" { depth += 1 }
                    if characters[index] == "(" { depth -= 1; if depth == 0 { break } }
                    index -= 1
                }
                guard index >= 0 else { return nil }
                start = index
            } else {
                break
            }
        }
        guard start < dot, characters[start] != "." else { return nil }
        return start..<dot
    }

    /// The index of the `)` that closes the `(` at `open`, in code.
    static func matching(from open: Int, in characters: [Character], isCode: [Bool]) -> Int? {
        var depth = 0
        for index in open..<characters.count where isCode[index] {
            if characters[index] == "(" { depth += 1 }
            if characters[index] == ")" { depth -= 1; if depth == 0 { return index } }
        }
        return nil
    }
}
