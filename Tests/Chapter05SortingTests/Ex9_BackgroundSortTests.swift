import Chapter05Sorting
import Dispatch
import Foundation
import Stage
import Testing

@Suite("Exercise 5.9: Sort on another queue, in Swift 6")
struct Ex9_BackgroundSortTests {
    let queue: DispatchQueue = {
        let queue = DispatchQueue(label: "com.closuresworkbook.tests.sorting")
        QueueName.track(queue, as: "sorting")
        return queue
    }()

    /// Sorts and waits: the result and the queue `completion` ran on.
    func sort(_ names: [String], by order: @escaping @Sendable (String, String) -> Bool) async -> (names: [String], queue: String)? {
        await awaitCallback { callback in
            sortInBackground(names, on: queue, by: order) { sorted in callback((sorted, QueueName.current)) }
        }
    }

    @Test("sorts with the comparator it is given")
    func sorts() async throws {
        let result = try #require(await sort(["Item 10", "apple", "Item 2"]) { $0.localizedStandardCompare($1) == .orderedAscending },
                                  "completion was never called")
        #expect(result.names == ["apple", "Item 2", "Item 10"],
                "sorting as people read gave \(result.names); expected apple, Item 2, Item 10")
    }

    @Test("calls completion on the queue it was given")
    func onQueue() async throws {
        let result = try #require(await sort(["b", "a"]) { $0 < $1 }, "completion was never called")
        #expect(result.queue == "sorting", "completion ran on \(result.queue); expected the queue passed in")
    }

    @Test("hands back an empty array for an empty one, once")
    func empty() async throws {
        let calls = Ex9SortCallCounter()
        let result = await awaitCallback { (callback: @escaping @Sendable ([String]) -> Void) in
            sortInBackground([], on: queue, by: { $0 < $1 }) { sorted in calls.increment(); callback(sorted) }
        }
        #expect(result == [], "sorting nothing gave \(String(describing: result)); expected []")
        // One more turn of the queue: a second call would have come by now.
        let _: Void? = await awaitCallback { done in queue.async { done(()) } }
        #expect(calls.value == 1, "completion ran \(calls.value) times; expected once")
    }

    @Test("keeps the caller's order for ties: a stable sort")
    func stable() async throws {
        let result = try #require(await sort(["Bb", "a", "Ab"]) { $0.count < $1.count }, "completion was never called")
        #expect(result.names == ["a", "Bb", "Ab"], "sorting by length gave \(result.names); ties must keep their order")
    }
}

/// Counts calls from any queue.
final class Ex9SortCallCounter: Sendable {
    private let count = Locked(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
