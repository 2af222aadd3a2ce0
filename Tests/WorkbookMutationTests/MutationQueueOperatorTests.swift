import Testing
@testable import WorkbookMutation
@testable import WorkbookModel

/// The operators for the mistakes made with completion handlers, locks and queues, each
/// on a small source: the mutant it makes, and where it refuses to apply.
@Suite("Mutation operators for completions and queues")
struct MutationQueueOperatorTests {
    /// `body` as the solution region of a function handed `done`.
    static func source(_ body: String, signature: String = "func load(on queue: DispatchQueue, done: @escaping @Sendable () -> Void) {") -> String {
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        return "\(signature)\n    // BEGIN SOLUTION\n\(indented)\n    // STARTER:\n    // done()\n    // END SOLUTION\n}\n"
    }

    /// The mutants operator `name` makes of `source`, as the mutated files' solution lines.
    static func mutated(_ name: String, _ source: String) throws -> [[String]] {
        let generator = MutantGenerator(operators: MutationOperator.all.filter { $0.name == name })
        return try generator.mutants(of: source, path: "Sources/X/Ex1_Load.swift", exercise: "9.1").map { mutant in
            let lines = mutant.apply(to: source).components(separatedBy: "\n")
            let begin = lines.firstIndex { $0.contains("BEGIN SOLUTION") }! + 1
            let end = lines.firstIndex { $0.contains("// STARTER:") }!
            return lines[begin..<end].map { String($0.dropFirst(4)) }
        }
    }

    @Test("completion-first moves the completion's call above the work it reports, in its own block")
    func completionFirst() throws {
        let source = Self.source("""
            queue.async {
                let items = fetch()
                store(items)
                done()
            }
            """)
        #expect(try Self.mutated("completion-first", source) == [[
            "queue.async {", "    done()", "    let items = fetch()", "    store(items)", "}",
        ]])
        // Alone in its block, or after a `case` label, there is nothing to move above.
        #expect(try Self.mutated("completion-first", Self.source("switch x {\ncase 1:\n    done()\ndefault:\n    break\n}")).isEmpty)
        #expect(try Self.mutated("completion-first", Self.source("queue.async { done() }")).isEmpty)
        // A call of something that is not a completion stays where it is.
        #expect(try Self.mutated("completion-first", Self.source("let items = fetch()\nstore(items)")).isEmpty)
    }

    @Test("completion-first knows a completion by its function type, a typealias of one, or its name")
    func completionNames() throws {
        let typed = Self.source("record()\nreport(1)", signature: "func run(report: @escaping (Int) -> Void) {")
        #expect(try Self.mutated("completion-first", typed) == [["report(1)", "record()"]])
        let aliased = "typealias Finish = @Sendable (Bool) -> Void\n" + Self.source("record()\nfinish(true)", signature: "func run(finish: Finish) {")
        #expect(try Self.mutated("completion-first", aliased) == [["finish(true)", "record()"]])
        let named = Self.source("record()\nonPick(name)", signature: "func run(_ name: String) {")
        #expect(try Self.mutated("completion-first", named) == [["onPick(name)", "record()"]])
        // Named after `self.` only: simple word boundaries (Unicode's take `self.onPick` for one word).
        let member = Self.source("record()\nself.onPick(name)", signature: "func run(_ name: String) {")
        #expect(try Self.mutated("completion-first", member) == [["self.onPick(name)", "record()"]])
        // A method of the same name on another value is not the completion.
        #expect(try Self.mutated("completion-first", Self.source("record()\nlog.done(1)")).isEmpty)
    }

    @Test("completion-doubled calls a completion twice where call-doubled cannot: inside a hop, handed to a queue, returned")
    func completionDoubled() throws {
        #expect(try Self.mutated("completion-doubled", Self.source("DispatchQueue.main.async { done() }"))
            == [["DispatchQueue.main.async { done() }", "DispatchQueue.main.async { done() }"]])
        #expect(try Self.mutated("completion-doubled", Self.source("queue.async(execute: done)"))
            == [["queue.async(execute: done)", "queue.async(execute: done)"]])
        #expect(try Self.mutated("completion-doubled", Self.source("return done()")) == [["done()", "return done()"]])
        // A plain `done()` is call-doubled's, and `let x = …` is a declaration.
        #expect(try Self.mutated("completion-doubled", Self.source("done()\nlet x = done()")).isEmpty)
    }

    @Test("check-then-act-split checks under a lock of its own, then acts on that stale answer under a second")
    func checkThenActSplit() throws {
        let source = Self.source("""
            order.withLock { order in
                guard order.count < limit else { return false }
                order.add(item)
                return true
            }
            """, signature: "func add(_ item: Item, upTo limit: Int) -> Bool {")
        // The section was the function's only statement: the split one returns its value.
        #expect(try Self.mutated("check-then-act-split", source) == [[
            "let checkedEarlier = order.withLock { order in order.count < limit }",
            "return order.withLock { order in",
            "    guard checkedEarlier else { return false }",
            "    order.add(item)",
            "    return true",
            "}",
        ]])
        let synced = Self.source("let added = queue.sync {\n    if !items.contains(item) {\n        items.append(item)\n    }\n}")
        #expect(try Self.mutated("check-then-act-split", synced) == [[
            "let checkedEarlier = queue.sync { !items.contains(item) }",
            "let added = queue.sync {",
            "    if checkedEarlier {",
            "        items.append(item)",
            "    }",
            "}",
        ]])
        let locked = Self.source("lock.lock()\ndefer { lock.unlock() }\nguard count < limit else { return }\ncount += 1")
        // `defer` comes first here, so the check is not the section's first statement.
        #expect(try Self.mutated("check-then-act-split", locked).isEmpty)
        let lockFirst = Self.source("lock.lock()\nguard count < limit else { lock.unlock(); return }\ncount += 1\nlock.unlock()")
        #expect(try Self.mutated("check-then-act-split", lockFirst) == [[
            "lock.lock()", "let checkedEarlier = count < limit", "lock.unlock()", "lock.lock()",
            "guard checkedEarlier else { lock.unlock(); return }", "count += 1", "lock.unlock()",
        ]])
    }

    @Test("check-then-act-split refuses a section without a check first, a check without an act, and a binding")
    func checkThenActRefuses() throws {
        for body in ["order.withLock { order in\n    order.add(item)\n}",
                     "order.withLock { order in\n    guard order.isOpen else { return }\n}",
                     "order.withLock { order in\n    guard let first = order.first else { return }\n    use(first)\n}",
                     "order.withLock { $0.add(item) }"] {
            #expect(try Self.mutated("check-then-act-split", Self.source(body)).isEmpty, "\(body)")
        }
    }

    @Test("the queue operators: asyncAfter made sync, a hop run in place, work sent to the other queue")
    func queueCalls() {
        typealias Cases = MutationOperatorTests
        #expect(Cases.rewrites("async-sync", "queue.asyncAfter(deadline: .now() + 1) {") == ["queue.sync {"])
        #expect(Cases.rewrites("async-sync", "queue.asyncAfter(deadline: .now() + delay, execute: work)") == ["queue.sync(execute: work)"])
        #expect(Cases.rewrites("async-sync", "queue.async(group: group) {") == ["queue.sync(group: group) {", "queue.sync {"])
        #expect(Cases.rewrites("queue-hop-removed", "kitchen.async { board.record() }") == ["do { board.record() }"])
        #expect(Cases.rewrites("queue-hop-removed", "queue.async(execute: done)") == ["done()"])
        // Not a statement of its own: the hop's value is used.
        #expect(Cases.rewrites("queue-hop-removed", "let x = queue.async { work() }").isEmpty)
        #expect(Cases.rewrites("queue-swapped", "DispatchQueue.main.async { done() }") == ["DispatchQueue.global().async { done() }"])
        #expect(Cases.rewrites("queue-swapped", "self.kitchen.async {") == ["DispatchQueue.main.async {"])
        #expect(Cases.rewrites("queue-swapped", "group.notify(queue: .main) {") == ["group.notify(queue: .global()) {"])
        // A string that mentions a queue is not one.
        #expect(Cases.rewrites("queue-swapped", #"print("queue.async {")"#).isEmpty)
    }

    @Test("state-update-deleted deletes a state change that spans lines, or one of several on a line")
    func stateUpdateDeleted() throws {
        let multiline = Self.source("picker.onPick = { name in\n    chosen = name\n}\nrefresh()")
        #expect(try Self.mutated("state-update-deleted", multiline) == [["refresh()"]])
        let section = Self.source("state.withLock { state in\n    state.count += 1\n}")
        #expect(try Self.mutated("state-update-deleted", section) == [[]])
        let shared = Self.source("let ended = state.withLock { state in state.tracking = tracking; return state.ended }")
        #expect(try Self.mutated("state-update-deleted", shared) == [["let ended = state.withLock { state in return state.ended }"]])
        // One line alone is line-deleted's; a multi-line statement that changes nothing stays.
        #expect(try Self.mutated("state-update-deleted", Self.source("count += 1\nprint(\n    count\n)")).isEmpty)
        #expect(try Self.mutated("state-update-deleted", Self.source("if ready {\n    count += 1\n}")).isEmpty)
    }
}
