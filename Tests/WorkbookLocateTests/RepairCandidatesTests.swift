import Foundation
import Testing
@testable import WorkbookMutation
@testable import WorkbookLocate

/// The probe's own candidates beside `mutate`'s operators, read as text: the repairs of
/// a shape (`RepairShapes`), a name no code uses (`UnusedNames`), and the swaps learned
/// from a failed compile (`NameSwaps.pair`); and the schema places they need.
@Suite("The repair probe's own candidates undo the slips mutate has no operator for")
struct RepairCandidatesTests {
    static func replacements(_ mutants: [Mutant], _ name: String) -> [String] {
        mutants.filter { $0.operatorName == name }.compactMap(\.replacement.first)
    }

    @Test("a conditional's outcomes swapped, the other end of an array, a fold reversed, a capture list and an option taken away")
    func shapes() {
        let lines = [
            "    done?(finished ? .cancelled : .finished)",
            "    found.insert(element, at: 0)",
            "    found.append(element)",
            "    return moves.reduce(finish) { next, move in step(move, next) }",
            "    return { [taps] in taps }",
            "    let queue = DispatchQueue(label: \"kitchen\", qos: .userInitiated, attributes: .concurrent)",
            "    button.onTap { [weak self] in self?.tap() }",
            "    // found.insert(element, at: 0) in a comment is no code",
        ]
        let mutants = RepairShapes.mutants(lines: lines, written: Set(1...lines.count), exercise: "1.1", path: "Ex1.swift")
        #expect(Self.replacements(mutants, "ternary-swapped") == ["    done?(finished ? .finished : .cancelled)"])
        #expect(Self.replacements(mutants, "end-swapped") == ["    found.append(element)", "    found.insert(element, at: 0)"])
        #expect(Self.replacements(mutants, "reversed") == ["    return moves.reversed().reduce(finish) { next, move in step(move, next) }"])
        // A `[weak self]` list is how the closure must capture: only value lists go.
        #expect(Self.replacements(mutants, "capture-list-removed") == ["    return { taps }"])
        #expect(Self.replacements(mutants, "option-removed") == ["    let queue = DispatchQueue(label: \"kitchen\", qos: .userInitiated)"])
        #expect(!mutants.contains { $0.line == 8 })
    }

    @Test("a closure that holds self strongly is made to hold it weakly, and to stop when self is gone")
    func weakenedSelf() {
        let lines = [
            "        picker.onPick = { [self] name in  // strong",
            "            iconName = name",
            "        button.onTap { [order, self] in tap(order) }",
            "        picker.onPick = { name in",
            "            self.iconName = name",
            "        }",
            "        sorted { first, second in first < second }",
            "        picker.onPick = { [weak self] name in",
            "        // picker.onPick = { [self] name in",
        ]
        let mutants = RepairShapes.mutants(lines: lines, written: Set(1...lines.count), exercise: "1.5", path: "Ex5.swift")
        #expect(Self.replacements(mutants, "self-weakened") == [
            "        picker.onPick = { [weak self] name in guard let self else { return }  // strong",
            "        button.onTap { [order, weak self] in guard let self else { return }; tap(order) }",
            "        picker.onPick = { [weak self] name in guard let self else { return }",
        ])
        #expect(ChangeKinds.words(for: "self-weakened") == "how the closure captures")
    }

    @Test("an error swallowed by try? is passed on with try")
    func rethrown() {
        let lines = [
            "    for index in indices where (try? predicate(self[index])) == true {",
            "        if (try? isDone(order)) ?? false { return }",
            "        try? step()",
            "        let value = try? decode(data)",
            "        // (try? predicate(x)) == true in a comment",
        ]
        let mutants = RepairShapes.mutants(lines: lines, written: Set(1...lines.count), exercise: "2.2", path: "Ex2.swift")
        #expect(Self.replacements(mutants, "error-rethrown") == [
            "    for index in indices where try predicate(self[index]) {",
            "        if try isDone(order) { return }",
            "        try step()",
        ])
    }

    @Test("a value read once before a closure is read in it, at each call, where the name is used nowhere else")
    func inlinedReads() throws {
        let lines = [
            "    let current = taps.withLock { $0 }",
            "    return { current + self.current }",
            "    let label = name",
            "    queue.async { print(label) }",
            "    print(label)",
        ]
        let mutants = RepairShapes.mutants(lines: lines, written: Set(1...lines.count), exercise: "1.8", path: "Ex8.swift")
        let inlined = mutants.filter { $0.operatorName == "read-inlined" }
        // `label` is read again on line 5: inlining it would change more than the closure.
        try #require(inlined.count == 1)
        #expect(inlined[0].line == 1)
        #expect(inlined[0].original == Array(lines[0...1]))
        #expect(inlined[0].replacement == ["    return { (taps.withLock { $0 }) + self.current }"])
    }

    @Test("a check under one withLock and its act under another are joined under one, the return taken in")
    func joinedLocks() throws {
        let source = """
        func add(_ item: Int, upTo limit: Int) -> Bool {
            let count = order.withLock { $0.quantity(of: item) }
            guard count < limit else { return false }
            order.withLock { $0.add(item) }
            return true
        }
        """
        let lines = source.components(separatedBy: "\n")
        let mutants = RepairShapes.mutants(lines: lines, written: Set(2...5), exercise: "3.5", path: "Ex5.swift")
        let joined = try #require(mutants.first { $0.operatorName == "check-then-act-joined" })
        #expect(joined.line == 2)
        #expect(joined.original == Array(lines[1...4]))
        #expect(joined.replacement == [
            "    return order.withLock { locked in",
            "        guard (locked.quantity(of: item)) < limit else { return false }",
            "        locked.add(item)",
            "        return true",
            "    }",
        ])
        // The schema switches the four lines whole: `count` is used nowhere after them.
        let schema = MutantSchema.make(source: source, mutants: [joined])
        #expect(schema.mutants.keys.sorted() == [1])
    }

    @Test("a parameter or a local no code uses takes the place of a label's value or a call's receiver")
    func unusedNames() {
        let lines = [
            "func load(on queue: DispatchQueue, done: @escaping () -> Void) {",
            "    let moveLeft = step(.left, then: done)",
            "    let moveDown = step(.down, then: done)",
            "    DispatchQueue.main.async {",
            "        moveDown()",
            "    }",
            "}",
        ]
        let mutants = UnusedNames.mutants(lines: lines, written: Set(2...6), exercise: "3.2", path: "Ex2.swift")
        let made = Set(mutants.compactMap(\.replacement.first))
        #expect(made.contains("    let moveDown = step(.down, then: moveLeft)"))
        #expect(made.contains("    queue.async {"))
        #expect(made.contains("    moveLeft.async {"))
        // `done` and `moveDown` are used: nothing takes their names' place for them.
        #expect(!made.contains { $0.contains("then: moveDown") })
        // A name declared below a line is not in scope there.
        #expect(!mutants.contains { $0.line == 2 && $0.replacement.first?.contains("then: moveLeft") == true })
        // A file that uses every name it declares gets none.
        let used = ["func f(_ a: Int) -> Int {", "    let b = a + 1", "    return b", "}"]
        #expect(UnusedNames.mutants(lines: used, written: [2, 3], exercise: "1.1", path: "Ex1.swift").isEmpty)
    }

    @Test("a name swap's two names, either way round, whole")
    func pairs() {
        let swap = Mutant(exercise: "4.6", file: "Ex6.swift", line: 3, operatorName: "name-swapped",
                          original: ["        badge.center = target.center"], replacement: ["        badge.alpha = target.center"])
        #expect(NameSwaps.pair(swap) == ["center", "alpha"])
        // Names that share a start are told apart whole (`moveLeft` and `moveDown`).
        let moves = Mutant(exercise: "4.2", file: "Ex2.swift", line: 3, operatorName: "name-swapped",
                           original: ["    step(then: moveLeft)"], replacement: ["    step(then: moveDown)"])
        #expect(NameSwaps.pair(moves) == ["moveLeft", "moveDown"])
        var other = swap
        other.operatorName = "comparison-flipped"
        #expect(NameSwaps.pair(other) == nil)
    }

    @Test("a declaration's value on a line of its own is switched whole, and a run holding a declaration is not a statement switch")
    func places() {
        let source = """
        public enum Table {
            public static let table: [String: Int] =
                // BEGIN SOLUTION
                ["+": 1, "-": 2]  // a literal
        }
        func f(_ count: Int) -> [Int] {
            guard count > 0 else { return [] }
            var found: [Int] = []
            found.append(count)
            return found
        }
        """
        let lines = source.components(separatedBy: "\n")
        let schema = MutantSchema.make(source: source, mutants: [
            Mutant(exercise: "1.1", file: "Ex1.swift", line: 4, operatorName: "name-swapped", original: [lines[3]],
                   replacement: ["        [\"+\": 1, \"-\": 1]  // a literal"]),
            Mutant(exercise: "1.1", file: "Ex1.swift", line: 7, operatorName: "statements-swapped", original: [lines[6], lines[7]],
                   replacement: [lines[7], lines[6]]),
        ])
        #expect(schema.mutants.keys.sorted() == [1])
        #expect(schema.text.contains("        (__workbookIs(1) ? ([\"+\": 1, \"-\": 1]) : ([\"+\": 1, \"-\": 2]))  // a literal"))
    }

    @Test("two swaps that overlap become one switch over the three statements, each keeping the other line")
    func overlappingRuns() {
        let source = "func f() {\n    a()\n    b()\n    c()\n}"
        let lines = source.components(separatedBy: "\n")
        let schema = MutantSchema.make(source: source, mutants: [
            Mutant(exercise: "2.5", file: "Ex5.swift", line: 2, operatorName: "statements-swapped", original: [lines[1], lines[2]],
                   replacement: [lines[2], lines[1]]),
            Mutant(exercise: "2.5", file: "Ex5.swift", line: 3, operatorName: "statements-swapped", original: [lines[2], lines[3]],
                   replacement: [lines[3], lines[2]]),
        ])
        #expect(schema.mutants.keys.sorted() == [1, 2])
        #expect(schema.text.contains(
            "    if __workbookMutant == 1 {\n    b()\n    a()\n    c()\n    } else if __workbookMutant == 2 {\n    a()\n    c()\n    b()\n"
                + "    } else {\n    a()\n    b()\n    c()\n    }"))
    }

    @Test("a line's expression switch holds at most four choices, the first mutants of the line")
    func choicesPerLine() {
        let source = "func f(_ a: Int, _ b: Int) -> Bool {\n    if a < b {\n        return true\n    }\n    return false\n}"
        let line = source.components(separatedBy: "\n")[1]
        let replacements = ["    if a <= b {", "    if a > b {", "    if a == b {", "    if a != b {", "    if a >= b {"]
        let schema = MutantSchema.make(source: source, mutants: replacements.map {
            Mutant(exercise: "1.1", file: "Ex1.swift", line: 2, operatorName: "test", original: [line], replacement: [$0])
        })
        #expect(schema.mutants.keys.sorted() == [1, 2, 3, 4])
    }
}
