import Foundation
import WorkbookModel
import WorkbookMutation

/// The probe's one-line repairs that `mutate` has no operator for, each the undoing of a
/// slip learners make: a conditional's two outcomes the other way round, the wrong end of
/// an array added to, a sequence folded in the other order, a capture list that freezes a
/// value the closure should read live (or a value read once before it), an option too
/// many on a call, `self` held strongly, an error swallowed by `try?`.
/// `mutate` makes mistakes from a right file; these make right lines from a wrong one, so
/// a reference solution seldom has their shape and `mutate` would gain little from them.
enum RepairShapes {
    static func mutants(lines: [String], written: Set<Int>, exercise: String, path: String) -> [Mutant] {
        let mask = CodeMask(lines)
        var mutants: [Mutant] = []
        for line in written.sorted() where line <= lines.count {
            let text = lines[line - 1]
            let make = { (name: String, replacement: String) in
                guard replacement != text else { return }
                mutants.append(Mutant(exercise: exercise, file: path, line: line, operatorName: name, original: [text], replacement: [replacement]))
            }
            // Each rewrite applies where its match is code (not a comment or a string).
            let isCode = { (range: Range<String.Index>) in
                let start = text.distance(from: text.startIndex, to: range.lowerBound)
                return mask.isCode(line: line - 1, start..<(start + text[range].count))
            }
            // `finished ? .cancelled : .finished` → the two outcomes swapped.
            for match in text.matches(of: /\s\?\s+([A-Za-z0-9_.$"]+(?:\([^()]*\))?)\s+:\s+([A-Za-z0-9_.$"]+(?:\([^()]*\))?)/) where isCode(match.range) {
                let swapped = " ? " + match.output.2 + " : " + match.output.1
                make("ternary-swapped", text.replacingCharacters(in: match.range, with: swapped))
            }
            // `found.insert(x, at: 0)` ↔ `found.append(x)`.
            for match in text.matches(of: /\.insert\((.+), at: 0\)/) where isCode(match.range) {
                make("end-swapped", text.replacingCharacters(in: match.range, with: ".append(\(match.output.1))"))
            }
            for match in text.matches(of: /\.append\(([^()]*(?:\([^()]*\))?[^()]*)\)/) where isCode(match.range) {
                make("end-swapped", text.replacingCharacters(in: match.range, with: ".insert(\(match.output.1), at: 0)"))
            }
            // `moves.reduce(finish)` → `moves.reversed().reduce(finish)`: `mutate` takes a
            // `.reversed()` away, and reverses a `for` loop's order, but never a fold's.
            for match in text.matches(of: /([A-Za-z0-9_)\]])\.(reduce|forEach)\b/) where isCode(match.range) && !text[..<match.range.upperBound].hasSuffix(".reversed().\(match.output.2)") {
                let at = text.index(after: match.range.lowerBound)
                make("reversed", String(text[..<at]) + ".reversed()" + String(text[at...]))
            }
            // `{ [taps] in taps }` → `{ taps }`: a value capture list taken away (`[weak self]` kept).
            for match in text.matches(of: /\{\s*\[\s*[A-Za-z_][A-Za-z0-9_]*(?:\s*,\s*[A-Za-z_][A-Za-z0-9_]*)*\s*\]\s+in\b\s*/) where isCode(match.range) {
                make("capture-list-removed", text.replacingCharacters(in: match.range, with: "{ "))
            }
            // `DispatchQueue(label: "x", qos: .userInitiated, attributes: .concurrent)` → the
            // last option, a `label: .member`, left out (it has a default if the call compiles).
            for match in text.matches(of: /,\s*[a-z][A-Za-z0-9_]*:\s*\.[a-z][A-Za-z0-9_]*\)/) where isCode(match.range) {
                make("option-removed", text.replacingCharacters(in: match.range, with: ")"))
            }
        }
        return mutants + weakenedSelf(lines: lines, mask: mask, written: written, exercise: exercise, path: path)
            + rethrown(lines: lines, mask: mask, written: written, exercise: exercise, path: path)
            + inlinedReads(lines: lines, mask: mask, written: written, exercise: exercise, path: path)
            + joinedLocks(lines: lines, mask: mask, written: written, exercise: exercise, path: path)
    }

    /// An error swallowed by `try?` passed on instead (the function throws or rethrows):
    /// `(try? predicate(x)) == true` and `(try? predicate(x)) ?? false` become
    /// `try predicate(x)`, and a statement `try? step()` becomes `try step()`.
    static func rethrown(lines: [String], mask: CodeMask, written: Set<Int>, exercise: String, path: String) -> [Mutant] {
        let patterns: [Regex<(Substring, Substring)>] = [
            /\(try\? ([^()]*(?:\([^()]*\))?[^()]*)\)\s*(?:==\s*true|\?\?\s*false)/,
            /^\s*(?:_ = )?try\? (.+)$/,
        ]
        var mutants: [Mutant] = []
        for line in written.sorted() where line <= lines.count {
            let text = lines[line - 1]
            var seen: Set<String> = []
            for pattern in patterns {
                for match in text.matches(of: pattern) {
                    let start = text.distance(from: text.startIndex, to: match.range.lowerBound)
                    guard mask.isCode(line: line - 1, start..<(start + text[match.range].count)) else { continue }
                    let indentation = match.output.0.prefix { $0 == " " || $0 == "\t" }
                    let replacement = text.replacingCharacters(in: match.range, with: indentation + "try " + match.output.1)
                    guard seen.insert(replacement).inserted else { continue }
                    mutants.append(Mutant(exercise: exercise, file: path, line: line, operatorName: "error-rethrown",
                                          original: [text], replacement: [replacement]))
                }
            }
        }
        return mutants
    }

    /// A value read once into a `let` and captured by the closure on the next line, read in
    /// the closure instead, at each call (the name used nowhere else):
    ///
    ///     let current = taps.withLock { $0 }
    ///     return { current }
    ///
    /// becomes `return { (taps.withLock { $0 }) }`.
    static func inlinedReads(lines: [String], mask: CodeMask, written: Set<Int>, exercise: String, path: String) -> [Mutant] {
        var mutants: [Mutant] = []
        for first in lines.indices.dropLast() where written.contains(first + 1) {
            guard let read = mask.uncommented(line: first).wholeMatch(of: /let ([a-z_][A-Za-z0-9_]*) = (.+)/) else { continue }
            let name = String(read.output.1), text = lines[first + 1]
            guard let brace = text.firstIndex(of: "{"),
                  UnusedNames.occurrences(of: name, in: String(text[brace...])) > 0,
                  lines.indices.allSatisfy({ $0 == first || $0 == first + 1 || UnusedNames.occurrences(of: name, in: mask.code(line: $0)) == 0 })
            else { continue }
            var inlined = text
            for range in UnusedNames.ranges(of: name, in: text).reversed() where range.lowerBound > brace {
                inlined.replaceSubrange(range, with: "(" + read.output.2 + ")")
            }
            mutants.append(Mutant(exercise: exercise, file: path, line: first + 1, operatorName: "read-inlined",
                                  original: [lines[first], text], replacement: [inlined]))
        }
        return mutants
    }

    /// A closure that holds `self` strongly, made to hold it weakly and to stop when it is
    /// gone (the undoing of `mutate`'s `weak-to-strong`, and of a capture list forgotten):
    ///
    ///     picker.onPick = { [self] name in
    ///     picker.onPick = { name in self.title = name }
    ///
    /// become
    ///
    ///     picker.onPick = { [weak self] name in guard let self else { return }
    ///     picker.onPick = { [weak self] name in guard let self else { return }; self.title = name }
    ///
    /// Without a capture list, only a closure whose first line of body uses `self` is one.
    static func weakenedSelf(lines: [String], mask: CodeMask, written: Set<Int>, exercise: String, path: String) -> [Mutant] {
        let guardLine = "guard let self else { return }"
        var mutants: [Mutant] = []
        for line in written.sorted() where line <= lines.count {
            let text = lines[line - 1]
            for match in text.matches(of: /\{\s*(?:\[([^\[\]]*)\]\s*)?((?:[A-Za-z_][A-Za-z0-9_]*\s*,\s*)*[A-Za-z_][A-Za-z0-9_]*\s+)?in\b/) {
                let start = text.distance(from: text.startIndex, to: match.range.lowerBound)
                guard mask.isCode(line: line - 1, start..<(start + text[match.range].count)) else { continue }
                let rest = text[match.range.upperBound...].drop { $0 == " " || $0 == "\t" }
                let bodyHere = !rest.isEmpty && !rest.hasPrefix("//")
                let opener: String
                if let list = match.output.1 {
                    // `[self]`, `[self, order]`: the item `self` alone becomes `weak self`.
                    let items = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    guard items.contains("self") else { continue }
                    let weakened = items.map { $0 == "self" ? "weak self" : $0 }.joined(separator: ", ")
                    opener = "{ [\(weakened)] " + (match.output.2.map(String.init) ?? "") + "in"
                } else {
                    // No list: the body's first code (on this line, or the next) uses `self`.
                    let body = bodyHere ? String(rest)
                        : (line..<lines.count).first { !mask.code(line: $0).isEmpty }.map { mask.code(line: $0) } ?? ""
                    // Simple word boundaries: Unicode's take `self.title` for one word.
                    guard body.contains(/\bself\b/.wordBoundaryKind(.simple)) else { continue }
                    opener = "{ [weak self] " + (match.output.2.map(String.init) ?? "") + "in"
                }
                let after = rest.isEmpty ? "" : (bodyHere ? "; " : "  ") + rest
                let replacement = String(text[..<match.range.lowerBound]) + opener + " " + guardLine + after
                mutants.append(Mutant(exercise: exercise, file: path, line: line, operatorName: "self-weakened",
                                      original: [text], replacement: [replacement]))
            }
        }
        return mutants
    }

    /// A check under one `withLock` and its act under another, joined into one (the
    /// undoing of `mutate`'s `check-then-act-split`):
    ///
    ///     let count = order.withLock { $0.quantity(of: item) }
    ///     guard count < limit else { return false }
    ///     order.withLock { $0.add(item) }
    ///     return true
    ///
    /// becomes one `return order.withLock { locked in guard … else { return false }; … }`.
    static func joinedLocks(lines: [String], mask: CodeMask, written: Set<Int>, exercise: String, path: String) -> [Mutant] {
        let code = lines.indices.map { mask.uncommented(line: $0) }
        let next = { (index: Int) -> Int? in ((index + 1)..<lines.count).first { !mask.code(line: $0).isEmpty } }
        var mutants: [Mutant] = []
        for first in lines.indices where written.contains(first + 1) {
            guard let read = code[first].wholeMatch(of: /let ([a-z_][A-Za-z0-9_]*) = ([A-Za-z_][A-Za-z0-9_.]*)\.withLock \{ (\S.*) \}/),
                  let check = next(first), let guarded = code[check].wholeMatch(of: /guard (.+) else \{ (return.*) \}/),
                  UnusedNames.occurrences(of: String(read.output.1), in: String(guarded.output.1)) > 0,
                  let act = next(check), let acted = code[act].wholeMatch(of: /([A-Za-z_][A-Za-z0-9_.]*)\.withLock \{ (\S.*) \}/),
                  acted.output.1 == read.output.2 else { continue }
            let indentation = String(lines[first].prefix { $0 == " " || $0 == "\t" })
            let value = "(" + read.output.3.replacingOccurrences(of: "$0", with: "locked") + ")"
            guard let word = try? Regex<Substring>("\\b\(read.output.1)\\b") else { continue }
            let condition = String(guarded.output.1).replacing(word, with: value)
            var end = act
            var body = [indentation + "    guard \(condition) else { \(guarded.output.2) }",
                        indentation + "    " + acted.output.2.replacingOccurrences(of: "$0", with: "locked")]
            var opener = indentation + "\(read.output.2).withLock { locked in"
            if let after = next(act), code[after].hasPrefix("return ") {
                end = after
                body.append(indentation + "    " + code[after])
                opener = indentation + "return " + opener.dropFirst(indentation.count)
            }
            mutants.append(Mutant(exercise: exercise, file: path, line: first + 1, operatorName: "check-then-act-joined",
                                  original: Array(lines[first...end]), replacement: [opener] + body + [indentation + "}"]))
        }
        return mutants
    }
}
