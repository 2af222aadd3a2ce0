import WorkbookModel
import WorkbookMutation

/// The probe's own candidates, beside `mutate`'s operators: one name used in place of
/// another of the same file's names of the same kind. Learners' "wrong key" and "wrong
/// edge" mistakes (`$0.menu` for `$0.specials`, `.maxY` for `.minY`, `then: completion`
/// for `then: moveLeft`, `"-": add`) are undone by no `mutate` operator: 3.4's wrong key
/// was the one mistake of 41 the first probe missed.
/// Not in `mutate`: most swaps do not compile, which a schema drops for one compile round,
/// where `mutate` would pay a build for each.
enum NameSwaps {
    /// Swaps per line at most: a line naming many members would crowd out the rest.
    static let perLine = 8

    /// `receiver.property` (not a call; `.case` has no receiver), and `label: name` (a
    /// string key counts as one label).
    private static var member: Regex<(Substring, Substring, Substring)> { /([A-Za-z0-9_$]*)\.([A-Za-z_][A-Za-z0-9_]*)\b(?!\s*[({])/ }
    private static var afterColon: Regex<(Substring, Substring, Substring)> { /([A-Za-z0-9_]+|")\s*:\s*([a-z_][A-Za-z0-9_]*)\s*(?=[,)\]]|$)/ }

    /// The swaps on `written` lines (1-based) of `lines`. A name is swapped only for one
    /// used with the same receiver or label elsewhere in the file (`$0.menu`, `$0.specials`;
    /// `then: moveLeft`, `then: completion`): a name of the same type, most likely, so the
    /// swap compiles (swapping any two names, 30 of 54 switches in 5.4 did not, measured).
    static func mutants(lines: [String], written: Set<Int>, exercise: String, path: String) -> [Mutant] {
        let mask = CodeMask(lines)
        // The names used with each receiver or label.
        var names: [String: Set<String>] = [:]
        var places: [(line: Int, range: Range<Int>, name: String, group: String)] = []
        for (index, line) in lines.enumerated() {
            let text = line
            for (pattern, kind) in [(member, "."), (afterColon, ":")] as [(Regex<(Substring, Substring, Substring)>, String)] {
                for match in text.matches(of: pattern) {
                    let name = match.output.2
                    let start = text.distance(from: text.startIndex, to: name.startIndex)
                    let range = start..<(start + name.count)
                    guard mask.isCode(line: index, range), !Self.keywords.contains(String(name)) else { continue }
                    let group = kind + match.output.1
                    names[group, default: []].insert(String(name))
                    places.append((index + 1, range, String(name), group))
                }
            }
        }
        // The names the file declares (`var menu: …`, `let subtract = …`, `func add`): a
        // name that is one of them may be any other, as the mistake may have left the right
        // one unused (3.4's `$0.menu` for `$0.specials`, 1.1's `"-": add`).
        // Stored properties (`var menu: …`, a member's kin) and the file's top-level
        // declarations (`let subtract = …`, a value's kin); a name declared anywhere would
        // swap in locals of other types, most of which do not compile (3.4: 53 switches
        // and four compile rounds, measured).
        // A property's kin are those declared with the same type, as written: swapped
        // with any stored property, 4.10's `attempts` became `clock`, `done`, `timer`…, none
        // of which compiled (14 switches dropped over four compile rounds, measured).
        var propertyTypes: [String: Set<String>] = [:], topLevel: Set<String> = []
        for index in lines.indices {
            let code = mask.code(line: index)
            if let match = code.firstMatch(of: /^(?:public |private |package |internal |fileprivate )?(?:var|let) ([a-z_][A-Za-z0-9_]*)\s*:\s*([^=]+)/) {
                propertyTypes[String(match.output.1), default: []].insert(match.output.2.trimmingCharacters(in: .whitespaces))
            }
            if !lines[index].hasPrefix(" "), !lines[index].hasPrefix("\t"),
               let match = code.firstMatch(of: /^(?:public |private |package |internal |fileprivate )?(?:let|var|func) ([a-z_][A-Za-z0-9_]*)/) {
                topLevel.insert(String(match.output.1))
            }
            // A type's static members are values of the file's too (1.1's `add`, `subtract`).
            if let match = code.firstMatch(of: /^(?:public |private |package |internal |fileprivate )?static (?:let|var|func) ([a-z_][A-Za-z0-9_]*)/) {
                topLevel.insert(String(match.output.1))
            }
        }
        var mutants: [Mutant] = []
        // A name the file declares and uses nowhere else is the likeliest to belong where
        // another stands (1.1's `subtract`, left unused by `"-": add`): its swaps come
        // first on their line, before the line's cap (`perLine`, and the schema's four
        // choices) is reached.
        let uncommented = lines.indices.map { mask.uncommented(line: $0) }
        let unused = { (name: String) in uncommented.reduce(0) { $0 + UnusedNames.occurrences(of: name, in: $1) } <= 1 }
        var candidates: [(line: Int, unused: Bool, order: Int, mutant: Mutant)] = []
        for place in places where written.contains(place.line) {
            let characters = Array(lines[place.line - 1])
            var others = names[place.group, default: []]
            if place.group.hasPrefix("."), let types = propertyTypes[place.name] {
                others.formUnion(propertyTypes.filter { !$0.value.isDisjoint(with: types) }.keys)
            } else if !place.group.hasPrefix("."), topLevel.contains(place.name) {
                others.formUnion(topLevel)
            }
            others.subtract(keywords)
            // Two properties the file declares with different types never trade places
            // (4.10's `self.attempts = …` and `self.timeout`, an `Int` and a `Double`).
            if let types = propertyTypes[place.name] {
                others = others.filter { propertyTypes[$0].map { !$0.isDisjoint(with: types) } ?? true }
            }
            for other in others.subtracting([place.name]).sorted() {
                let changed = String(characters[..<place.range.lowerBound]) + other + String(characters[place.range.upperBound...])
                candidates.append((place.line, unused(other), candidates.count,
                                   Mutant(exercise: exercise, file: path, line: place.line, operatorName: "name-swapped",
                                          original: [lines[place.line - 1]], replacement: [changed])))
            }
        }
        let sorted = candidates.sorted { ($0.line, $0.unused ? 0 : 1, $0.order) < ($1.line, $1.unused ? 0 : 1, $1.order) }
        var perLineCount: [Int: Int] = [:]
        for candidate in sorted where perLineCount[candidate.line, default: 0] < perLine {
            mutants.append(candidate.mutant)
            perLineCount[candidate.line, default: 0] += 1
        }
        // A closure's two arguments taken the other way round (`$1 - $0`), and the product
        // and the sum confused (`price + Decimal(quantity)`): one change each, which
        // `mutate`'s one-token operators make in two steps or not at all.
        for line in written.sorted() where line <= lines.count {
            let code = mask.code(line: line - 1)
            let text = lines[line - 1]
            if code.contains("$0"), code.contains("$1") {
                let swapped = text.replacingOccurrences(of: "$0", with: "\u{0}").replacingOccurrences(of: "$1", with: "$0")
                    .replacingOccurrences(of: "\u{0}", with: "$1")
                mutants.append(Mutant(exercise: exercise, file: path, line: line, operatorName: "arguments-swapped",
                                      original: [text], replacement: [swapped]))
            }
            for (from, to) in [(" * ", " + "), (" + ", " * ")] where code.contains(from) {
                guard let range = text.range(of: from) else { continue }
                mutants.append(Mutant(exercise: exercise, file: path, line: line, operatorName: "arithmetic",
                                      original: [text], replacement: [text.replacingCharacters(in: range, with: to)]))
            }
        }
        return mutants
    }

    /// The two names a swap trades (`["center", "alpha"]`, either way round), nil for any
    /// other mutant: a swap that did not compile will not where the same two names trade
    /// places again (a `CGPoint` for a `Double`), so the probe drops those too, at once,
    /// not one closure's error per compile round (4.6's `center`, `alpha` and `text`).
    static func pair(_ mutant: Mutant) -> Set<String>? {
        guard mutant.operatorName == "name-swapped", let before = mutant.original.first.map(Array.init),
              let after = mutant.replacement.first.map(Array.init) else { return nil }
        var start = 0
        while start < min(before.count, after.count), before[start] == after[start] { start += 1 }
        var tail = 0
        while tail < min(before.count, after.count) - start, before[before.count - 1 - tail] == after[after.count - 1 - tail] { tail += 1 }
        // Whole names: the shared part may have eaten a common start or end of the two.
        let isName = { (character: Character) in character.isLetter || character.isNumber || character == "_" }
        while start > 0, isName(before[start - 1]) { start -= 1 }
        while tail > 0, isName(before[before.count - tail]) { tail -= 1 }
        let one = String(before[start..<(before.count - tail)]), other = String(after[start..<(after.count - tail)])
        return one.isEmpty || other.isEmpty ? nil : [one, other]
    }

    /// Words a swap never touches or puts in.
    static let keywords: Set<String> = ["self", "Self", "true", "false", "nil", "init", "some", "any", "in", "try", "await", "return",
                                        "let", "var", "case", "default", "where", "is", "as", "type", "rawValue"]
}
