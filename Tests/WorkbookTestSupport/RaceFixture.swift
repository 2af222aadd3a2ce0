import Foundation

/// A chapter with race exercises (`Sanitizer: thread`), for the Thread Sanitizer judge:
/// 1.2 fills a box on a queue (the seed's hop in small), 1.3 returns a number. The tests
/// read the box on the main actor once the queue is idle, told by a relaxed atomic that
/// orders nothing, so a store left on the queue is an unordered write TSan reports.
public enum RaceFixture {
    public static let chapter = SampleExercise.chapter + """

    ## Exercise 1.2: Fill the box

    Fill it, race-free.

    Reference: [Ex2_Box.swift](../Sources/Chapter01Blocks/Ex2_Box.swift) ·
    Tests: [Ex2_BoxTests.swift](../Tests/Chapter01BlocksTests/Ex2_BoxTests.swift) · Sanitizer: thread

    ## Exercise 1.3: Two locks

    Take both.

    Reference: [Ex3_Locks.swift](../Sources/Chapter01Blocks/Ex3_Locks.swift) ·
    Tests: [Ex3_LocksTests.swift](../Tests/Chapter01BlocksTests/Ex3_LocksTests.swift) · Sanitizer: thread

    """

    public static let hints = SampleExercise.hints + """

    ## Exercise 1.2

    > Hint: a

    > Hint: b

    ## Exercise 1.3

    > Hint: a

    > Hint: b

    """

    public static let boxReference = """
    import Dispatch

    public final class Box: @unchecked Sendable {
        // BEGIN SOLUTION
        private var stored = 0
        public var value: Int { stored }
        public init() {}
        public func fill(on queue: DispatchQueue, done: @escaping @Sendable () -> Void) {
            queue.async {
                let found = 42
                DispatchQueue.main.async {
                    self.stored = found
                    done()
                }
            }
        }
        // STARTER:
        // public var value = 0
        // public init() {}
        // public func fill(on queue: DispatchQueue, done: @escaping @Sendable () -> Void) {
        //     queue.async {
        //         self.value = 42
        //         DispatchQueue.main.async { done() }
        //     }
        // }
        // END SOLUTION
    }

    """

    /// The learner's racy answer: the store left on the queue (line 8).
    public static let racyBox = """
    import Dispatch

    public final class Box: @unchecked Sendable {
        public private(set) var value = 0
        public init() {}
        public func fill(on queue: DispatchQueue, done: @escaping @Sendable () -> Void) {
            queue.async {
                self.value = 40 + 2
                DispatchQueue.main.async { done() }
            }
        }
    }

    """

    public static let boxTests = """
    import Chapter01Blocks
    import Dispatch
    import Foundation
    import Synchronization
    import Testing

    final class Idle: Sendable { let flag = Atomic<Bool>(false) }

    @Suite("Exercise 1.2: Fill the box")
    @MainActor
    struct Ex2_BoxTests {
        @Test("fills it, and a read while it fills does not race") func fills() async {
            let box = Box()
            let queue = DispatchQueue(label: "fixture.box")
            let idle = Idle()
            var seen = -1
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                box.fill(on: queue) { done.resume() }
                queue.async { idle.flag.store(true, ordering: .relaxed) }
                while !idle.flag.load(ordering: .relaxed) { usleep(200) }
                seen = box.value
            }
            #expect(seen == 0 || seen == 42)
            #expect(box.value == 42)
        }
    }

    """

    public static let locksReference = """
    public func takeBoth() -> Int {
        // BEGIN SOLUTION
        2
        // STARTER:
        // 1
        // END SOLUTION
    }

    """

    /// A learner's file that traps only when the Thread Sanitizer's settings are in its
    /// environment: its tests pass, and its run under TSan crashes without any report.
    public static let trapsUnderSanitizer = """
    import Foundation

    public func takeBoth() -> Int {
        if ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil { fatalError("not under the sanitizer") }
        return 2
    }

    """

    public static let locksTests = """
    import Chapter01Blocks
    import Testing

    @Suite("Exercise 1.3: Two locks")
    struct Ex3_LocksTests {
        @Test("takes both") func takes() { #expect(takeBoth() == 2) }
    }

    """

    public static var files: [String: String] {
        SampleExercise.files.merging([
            "chapters/01-blocks.md": chapter,
            "chapters/hints/01-blocks.md": hints,
            "Sources/Chapter01Blocks/Ex2_Box.swift": boxReference,
            "Tests/Chapter01BlocksTests/Ex2_BoxTests.swift": boxTests,
            "Sources/Chapter01Blocks/Ex3_Locks.swift": locksReference,
            "Tests/Chapter01BlocksTests/Ex3_LocksTests.swift": locksTests,
        ]) { $1 }
    }
}
