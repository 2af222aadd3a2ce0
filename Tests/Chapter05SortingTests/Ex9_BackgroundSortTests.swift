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

    @Test("calls the comparator on the queue it was given, not on the caller's")
    func comparesOnQueue() async throws {
        let seen = Locked<Set<String>>([])
        let result = try #require(await sort(["c", "a", "b"]) { a, b in
            seen.withLock { _ = $0.insert(QueueName.current) }
            return a < b
        }, "completion was never called")
        #expect(result.names == ["a", "b", "c"], "sorting [c, a, b] gave \(result.names); expected [a, b, c]")
        #expect(seen.value == ["sorting"],
                "the comparator was called on \(seen.value.sorted().joined(separator: " and ")); expected only on the queue passed in, where the sort runs")
    }

    @Test("sortCountingComparisons hands back the sorted names and every comparison the sort made")
    func countsComparisons() async throws {
        // Two names twice: comparing with <= instead of < makes other comparisons (26, not 24).
        let names = ["Fries", "Cola", "Burger", "Shake", "Cola", "Apple Pie", "Fries", "Hot Dog", "Brownie"]
        // The same sort, counted here, makes the same comparisons on the same names.
        var expected = 0
        _ = names.sorted { expected += 1; return $0 < $1 }
        let result = try #require(await awaitCallback { (callback: @escaping @Sendable (([String], Int, String)) -> Void) in
            sortCountingComparisons(names, on: queue) { sorted, count in callback((sorted, count, QueueName.current)) }
        }, "sortCountingComparisons never called completion")
        #expect(result.0 == names.sorted(), "sortCountingComparisons gave \(result.0); expected \(names.sorted())")
        #expect(result.1 == expected,
                "sortCountingComparisons counted \(result.1) comparisons; sorting these \(names.count) names in increasing order (<) makes \(expected)")
        #expect(result.2 == "sorting", "sortCountingComparisons called completion on \(result.2); expected the queue passed in")
    }

    @Test("sortCountingComparisons counts no comparison for one name")
    func countsNoComparisons() async throws {
        let result = try #require(await awaitCallback { (callback: @escaping @Sendable (([String], Int)) -> Void) in
            sortCountingComparisons(["Cola"], on: queue) { sorted, count in callback((sorted, count)) }
        }, "sortCountingComparisons never called completion")
        #expect(result.0 == ["Cola"] && result.1 == 0,
                "sorting [Cola] gave \(result.0) with \(result.1) comparisons; expected [Cola] with 0")
    }

    @Test("keeps the caller's order for ties: a stable sort")
    func stable() async throws {
        let result = try #require(await sort(["Bb", "a", "Ab"]) { $0.count < $1.count }, "completion was never called")
        #expect(result.names == ["a", "Bb", "Ab"], "sorting by length gave \(result.names); ties must keep their order")
    }

    @Test("returns at once, while the queue is still busy with earlier work")
    func returnsAtOnce() async throws {
        // The test holds the queue until sortInBackground has returned, so handing the
        // sort over cannot wait for it. A caller that waits for the queue is held too:
        // for two seconds at most, then the hold lets go.
        let release = DispatchSemaphore(value: 0)
        queue.async { _ = release.wait(timeout: .now() + .seconds(2)) }
        let took = Locked(Duration.zero)
        let sorted = await awaitCallback { (callback: @escaping @Sendable ([String]) -> Void) in
            took.withLock { $0 = ContinuousClock().measure { sortInBackground(["b", "a"], on: queue, by: { $0 < $1 }, completion: callback) } }
            release.signal()
        }
        #expect(sorted == ["a", "b"], "sorting [b, a] gave \(String(describing: sorted)); expected [a, b]")
        #expect(took.value < .seconds(1),
                "with the queue busy, sortInBackground took \(took.value) to return; expected it to hand the sort over and return at once, without waiting for the queue")
    }
}

/// Counts calls from any queue.
final class Ex9SortCallCounter: Sendable {
    private let count = Locked(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
