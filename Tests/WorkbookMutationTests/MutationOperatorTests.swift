import Testing
@testable import WorkbookMutation
@testable import WorkbookModel

/// Each operator of the table on lines that show where it applies and where it must not.
@Suite("Mutation operators")
struct MutationOperatorTests {
    /// The rewrites the operators called `name` make of `line`, in table order.
    static func rewrites(_ name: String, _ line: String) -> [String] {
        let mask = CodeMask([line])
        return MutationOperator.all.filter { $0.name == name }
            .flatMap { $0.rewrites(of: mask.characters[0], isCode: mask.lines[0]) }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var line: String
        var expected: [String]
        var testDescription: String { "\(name): \(line)" }
    }

    static let cases: [Case] = [
        Case(name: "comparison-boundary", line: "if a < b { return }", expected: ["if a <= b { return }"]),
        Case(name: "comparison-boundary", line: "while low >= high {", expected: ["while low > high {"]),
        Case(name: "comparison-flipped", line: "return a.price > b.price", expected: ["return a.price < b.price"]),
        // Generics, arrows and ranges are not comparisons.
        Case(name: "comparison-boundary", line: "func f<T>(_ x: T) -> Bool where T: Equatable", expected: []),
        Case(name: "comparison-flipped", line: "for i in 0..<n {", expected: []),
        Case(name: "equality", line: "guard a == b, c != d else {", expected: ["guard a != b, c != d else {", "guard a == b, c == d else {"]),
        Case(name: "ordering-result", line: "x.localizedStandardCompare(y) == .orderedAscending",
             expected: ["x.localizedStandardCompare(y) == .orderedDescending"]),
        Case(name: "boolean", line: "if a && b || c {", expected: ["if a || b || c {", "if a && b && c {"]),
        Case(name: "negation-removed", line: "if !finished { return .cancelled }", expected: ["if finished { return .cancelled }"]),
        Case(name: "negation-removed", line: "if a != b, x!.y, f()! {", expected: []),
        Case(name: "true-false", line: "stop.pointee = true", expected: ["stop.pointee = false"]),
        Case(name: "true-false", line: "let untrue = isTrue", expected: []),
        Case(name: "arithmetic", line: "total += price * quantity", expected: ["total -= price * quantity"]),
        Case(name: "arithmetic", line: "return a + b - c", expected: ["return a - b - c", "return a + b + c"]),
        Case(name: "off-by-one", line: "let x = items[0] + 10", expected: ["let x = items[1] + 10", "let x = items[0] + 11", "let x = items[0] + 9"]),
        // `$0`, names with digits, fractions and tuple labels are not integer literals.
        Case(name: "off-by-one", line: "let y = $0.1 + x1 + 0.5 + pair.0", expected: []),
        Case(name: "range", line: "for i in 0..<n {", expected: ["for i in 0...n {"]),
        Case(name: "range", line: "sample[(i + 1)...]", expected: ["sample[(i + 1)..<]"]),
        Case(name: "first-last", line: "let a = xs.first, b = xs.firstIndex(of: 1)", expected: ["let a = xs.last, b = xs.firstIndex(of: 1)", "let a = xs.first, b = xs.lastIndex(of: 1)"]),
        Case(name: "first-last", line: "let first = firstName", expected: []),
        Case(name: "min-max", line: "let m = xs.max() ?? minimum", expected: ["let m = xs.min() ?? minimum"]),
        Case(name: "shorthand-argument", line: "sorted { $0.name < $1.name }", expected: ["sorted { $1.name < $1.name }", "sorted { $0.name < $0.name }"]),
        Case(name: "shorthand-argument", line: "let x = $10", expected: []),
        Case(name: "reversed", line: "for move in moves.reversed() {", expected: ["for move in moves {"]),
        Case(name: "reversed", line: "for item in items {", expected: ["for item in items.reversed() {"]),
        Case(name: "reversed", line: "for i in 0..<n where i > 0 {", expected: ["for i in (0..<n).reversed() where i > 0 {"]),
        Case(name: "async-sync", line: "queue.async { work() }", expected: ["queue.sync { work() }"]),
        // `asyncAfter` is not the token `.async`; the queue operators make it `sync` whole.
        Case(name: "async-sync", line: "queue.asyncAfter(deadline: .now()) {", expected: ["queue.sync {"]),
        Case(name: "main-hop-removed", line: "DispatchQueue.main.async {", expected: ["do {"]),
        Case(name: "weak-to-strong", line: "timer.handler = { [weak self] in", expected: ["timer.handler = { [self] in"]),
        // Never inside a string literal, an interpolation or a comment.
        Case(name: "comparison-boundary", line: #"print("a < b is \(a < b)")  // a < b"#, expected: []),
        Case(name: "true-false", line: ##"let s = #"true"# + "\"true\"""##, expected: []),
        Case(name: "off-by-one", line: "x = 1 /* 2 */ + 3", expected: ["x = 2 /* 2 */ + 3", "x = 1 /* 2 */ + 4", "x = 0 /* 2 */ + 3", "x = 1 /* 2 */ + 2"]),
        // Ties (issue 58): an operator handed as a comparator, a three-way answer.
        Case(name: "ties", line: "let s = xs.sorted(by: <)", expected: ["let s = xs.sorted(by: <=)"]),
        Case(name: "ties", line: "let m = xs.max(by: >=)", expected: ["let m = xs.max(by: >)"]),
        Case(name: "ties", line: "a.localizedStandardCompare(b) == .orderedAscending",
             expected: ["a.localizedStandardCompare(b) != .orderedDescending"]),
        Case(name: "ties", line: "return order(a, b) != .orderedDescending", expected: ["return order(a, b) == .orderedAscending"]),
        Case(name: "ties", line: "if result == .orderedAscendingly {", expected: []),
        // A flag flipped: the condition negated, whole.
        Case(name: "flag-flipped", line: "if stillLatest { action() }", expected: ["if !stillLatest { action() }"]),
        Case(name: "flag-flipped", line: "guard outcome == .finished else {", expected: ["guard !(outcome == .finished) else {"]),
        Case(name: "flag-flipped", line: "} else if items.contains(x) {", expected: ["} else if !(items.contains(x)) {"]),
        Case(name: "flag-flipped", line: "while low < high {", expected: ["while !(low < high) {"]),
        Case(name: "flag-flipped", line: "for c in sample where tied(a, b) && !tied(a, c) {", expected: ["for c in sample where !(tied(a, b) && !tied(a, c)) {"]),
        // Not a binding, a pattern, a list of conditions, a negation already, a constant.
        Case(name: "flag-flipped", line: "if let x = y {", expected: []),
        Case(name: "flag-flipped", line: "guard case .some = x else { return }", expected: []),
        Case(name: "flag-flipped", line: "guard a, b else { return }", expected: []),
        Case(name: "flag-flipped", line: "if !done {", expected: []),
        Case(name: "flag-flipped", line: "while true {", expected: []),
        // A sign flipped: a prefix minus dropped, a number handed on negated.
        Case(name: "sign-flipped", line: "let shift = -offset * 2", expected: ["let shift = offset * 2"]),
        Case(name: "sign-flipped", line: "view.center = CGPoint(x: 10, y: 0.5)", expected: ["view.center = CGPoint(x: -10, y: 0.5)", "view.center = CGPoint(x: 10, y: -0.5)"]),
        Case(name: "sign-flipped", line: "return 3", expected: ["return -3"]),
        // Not a difference, an arrow, a compound assignment, a comparison, an index, a range, zero.
        Case(name: "sign-flipped", line: "let d = a - b -> c; n -= 1; n += 1", expected: []),
        Case(name: "sign-flipped", line: "if x == 1, xs[1] > 0, (1...n).contains(k), y = 0 {", expected: []),
        // A position's neighbour read; a count handed on one less.
        Case(name: "index-off-by-one", line: "let new = numbers[section]", expected: ["let new = numbers[section + 1]", "let new = numbers[section - 1]"]),
        Case(name: "index-off-by-one", line: "end = min(start + size, numbers.count)", expected: ["end = min(start + size, numbers.count - 1)"]),
        // Not a dictionary's key, an array literal, a type, `count(where:)`, a name holding `count`.
        Case(name: "index-off-by-one", line: "let op = table[symbol] ?? [i]", expected: []),
        Case(name: "index-off-by-one", line: "let n = xs.count { $0 > 0 } + [Int]().count + counted.countable", expected: []),
    ]

    @Test("rewrites only the code it should", arguments: cases)
    func rewrites(of example: Case) {
        #expect(Self.rewrites(example.name, example.line) == example.expected)
    }

    @Test("every operator name is one of the names listed")
    func namesAreListed() {
        let names = MutationOperator.names
        #expect(Set(names).count == names.count)
        for expected in ["comparison-boundary", "boolean", "arithmetic", "off-by-one", "true-false", "range", "first-last",
                         "min-max", "shorthand-argument", "reversed", "async-sync", "main-hop-removed", "call-doubled",
                         "weak-to-strong", "line-deleted", "statements-swapped", "completion-first", "completion-doubled",
                         "check-then-act-split", "queue-hop-removed", "queue-swapped", "state-update-deleted",
                         "ties", "flag-flipped", "sign-flipped", "index-off-by-one", "step-doubled", "block-deleted"] {
            #expect(names.contains(expected), "no operator named \(expected)")
        }
    }

    @Test("a multi-line string's lines are not code")
    func multilineString() {
        let mask = CodeMask(["let text = \"\"\"", "    a < b && true", "    \"\"\"", "let x = a < b"])
        #expect(mask.code(line: 1).isEmpty)
        #expect(mask.code(line: 3) == "let x = a < b")
    }
}
