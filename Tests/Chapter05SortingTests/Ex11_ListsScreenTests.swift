import Chapter05Sorting
import Dispatch
import Stage
import Testing

@Suite("Exercise 5.11: A main-actor screen hears a sorter from any queue")
@MainActor
struct Ex11_ListsScreenTests {
    /// One result the screen showed, and whether it was shown on the main queue.
    struct Shown: Sendable, Equatable {
        let names: [String]
        let onMainQueue: Bool
    }

    /// Starts `act` and waits until the screen has shown `count` results (8 s at most).
    func shows(_ count: Int, on screen: ListsScreen, after act: () -> Void) async -> [Shown] {
        var shown: [Shown] = []
        let all = await awaitCallback { (callback: @escaping @Sendable ([Shown]) -> Void) in
            screen.onShow = { names in
                shown.append(Shown(names: names, onMainQueue: MainQueue.isCurrent))
                if shown.count == count { callback(shown) }
            }
            act()
        }
        return all ?? shown
    }

    @Test("shows the sorter's result, on the main queue")
    func showsResult() async {
        let screen = ListsScreen(sorter: ListSorter())
        let shown = await shows(1, on: screen) { screen.sortTapped(["Item 10", "apple", "Item 2"]) }
        #expect(shown == [Shown(names: ["apple", "Item 2", "Item 10"], onMainQueue: true)],
                "after sorting [Item 10, apple, Item 2] the screen showed \(shown); expected [apple, Item 2, Item 10] once, on the main queue")
        #expect(screen.rows == ["apple", "Item 2", "Item 10"], "the rows read \(screen.rows); expected apple, Item 2, Item 10")
    }

    @Test("shows every result once, in the order the sorter reported them")
    func inOrder() async {
        let screen = ListsScreen(sorter: ListSorter())
        let lists = [["b", "a"], ["d", "c"], ["f", "e"]]
        let shown = await shows(3, on: screen) { lists.forEach(screen.sortTapped) }
        let expected = [["a", "b"], ["c", "d"], ["e", "f"]]
        #expect(shown.map(\.names) == expected, "three sorts in a row showed \(shown.map(\.names)); expected \(expected)")
        #expect(shown.allSatisfy { $0.onMainQueue }, "a result was shown off the main queue: \(shown)")
        // One more turn of the main queue: a fourth show would have come by now.
        await MainActor.run {}
        #expect(screen.rows == ["e", "f"], "after the last sort the rows read \(screen.rows); expected [e, f]")
    }

    @Test("takes a report made on the main queue itself")
    func reportFromMainQueue() async {
        // The protocol lets any queue report, the main one too: the screen must not wait
        // there for the main queue it is running on.
        let sorter = ListSorter()
        let screen = ListsScreen(sorter: sorter)
        let shown = await shows(1, on: screen) { screen.listSorter(sorter, didSort: ["Chores"]) }
        #expect(shown == [Shown(names: ["Chores"], onMainQueue: true)],
                "a report of [Chores] made on the main queue showed \(shown); expected [Chores] once, on the main queue")
    }

    @Test("takes reports from many queues at once, each once")
    func manyQueues() async {
        let sorter = ListSorter()
        let screen = ListsScreen(sorter: sorter)
        let shown = await shows(50, on: screen) {
            let reporter = Ex11Reporter(screen: screen, sorter: sorter)
            DispatchQueue.global().async {
                DispatchQueue.concurrentPerform(iterations: 50) { reporter.report(["list \($0)"]) }
            }
        }
        let names = Set(shown.flatMap(\.names))
        #expect(shown.count == 50 && names.count == 50,
                "50 reports from many threads were shown \(shown.count) times, with \(names.count) different lists; expected each once")
        #expect(shown.allSatisfy { $0.onMainQueue }, "a report was shown off the main queue")
    }

    @Test("shows an empty list as no rows")
    func empty() async {
        let screen = ListsScreen(sorter: ListSorter())
        let first = await shows(1, on: screen) { screen.sortTapped(["b", "a"]) }
        let shown = await shows(1, on: screen) { screen.sortTapped([]) }
        #expect(first.map(\.names) == [["a", "b"]], "sorting [b, a] showed \(first.map(\.names)); expected [[a, b]]")
        #expect(shown == [Shown(names: [], onMainQueue: true)], "sorting nothing showed \(shown); expected [] on the main queue")
        #expect(screen.rows.isEmpty, "after sorting nothing the rows read \(screen.rows); expected none")
    }
}

/// Reports to the screen as a sorter would, from whatever thread calls it.
struct Ex11Reporter: Sendable {
    let screen: any ListSorterDelegate
    let sorter: ListSorter
    func report(_ names: [String]) { screen.listSorter(sorter, didSort: names) }
}
