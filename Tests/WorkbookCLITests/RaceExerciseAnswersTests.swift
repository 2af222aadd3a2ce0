import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookModel
import WorkbookSystem

/// Exercise 3.13's statement says more than one answer passes. The judge builds only the
/// learner's file, the chapter's support files and the tests with `-sanitize=thread`;
/// Diner and Stage are not instrumented, so an answer that guards the state with the
/// stage's `Locked` (chapter 3's own tool for state shared between queues, its lock inside
/// uninstrumented code) must not be taken for a race (an independent review expected it
/// would be; measured: it passes, 11 of 11 runs), nor one with its own `Mutex`.
/// A lock around the writes only must still fail, naming the learner's lines.
@Suite("A race exercise's right answers pass under the Thread Sanitizer", .serialized, .tags(.compiles))
struct RaceExerciseAnswersTests {
    static let runnable = HostEnvironment.forTests.sandbox.isOn

    static func answer(_ state: String, items: String, loads: String, store: String) -> String {
        """
        import Diner
        import Dispatch
        import Stage
        import Synchronization

        public final class InventoryCache: @unchecked Sendable {
            \(state)

            public var items: [MenuItem] { \(items) }
            public var loads: Int { \(loads) }

            public init() {}

            public func reload(from service: InventoryService, on queue: DispatchQueue, done: @escaping @Sendable () -> Void) {
                queue.async {
                    if let fetched = try? service.retrieveInventoryItems() {
                        \(store)
                    }
                    DispatchQueue.main.async { done() }
                }
            }
        }

        """
    }

    static let locked = answer("private let state = Locked<(items: [MenuItem], loads: Int)>(([], 0))",
                               items: "state.withLock { $0.items }", loads: "state.withLock { $0.loads }",
                               store: "self.state.withLock { $0 = (fetched, $0.loads + 1) }")
    static let mutex = answer("private let state = Mutex<(items: [MenuItem], loads: Int)>(([], 0))",
                              items: "state.withLock { $0.items }", loads: "state.withLock { $0.loads }",
                              store: "self.state.withLock { $0 = (fetched, $0.loads + 1) }")
    /// Writes under the lock, reads without it: a race on the reads' side.
    static let writesOnly = answer("private let lock = Mutex(())\n    private var state: (items: [MenuItem], loads: Int) = ([], 0)",
                                   items: "state.items", loads: "state.loads",
                                   store: "self.lock.withLock { _ in self.state = (fetched, self.state.loads + 1) }")

    @Test("Locked and Mutex pass; a lock around the writes only fails at the learner's line",
          .enabled(if: runnable, "the sandbox is off here, and with it the race exercise's judge"), .timeLimit(.minutes(10)))
    func answers() async throws {
        let root = try PlantedMistakesTests.workbookCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        try await onOwnThread { try SeededModules.seed(root) }
        let session = FixtureSession(root: root)
        #expect(await session.run("start", "3").code == 0)
        let file = "exercises/03-queues/Ex13_RaceFreeInventory.swift"
        // Each check is about 15 s of CPU: the module and the tests compiled, plain and sanitized.
        for (name, text) in [("Locked", Self.locked), ("Mutex", Self.mutex)] {
            try session.write(text, to: file)
            let result = await session.run("check", "3.13")
            #expect(result.out.contains("✓ 3.13"), "\(name):\n\(result.out)\(result.err)")
        }
        try session.write(Self.writesOnly, to: file)
        let result = await session.run("check", "3.13")
        #expect(result.out.contains("✗ 3.13") && result.out.contains("Thread Sanitizer saw a data race"), "\(result.out)\(result.err)")
        #expect(result.out.contains("Ex13_RaceFreeInventory.swift:"), "\(result.out)")
    }
}
