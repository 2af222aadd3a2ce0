// Exercise 5.11: A main-actor screen hears a sorter from any queue.

import Dispatch

/// The screen with all the lists: `@MainActor`, like every `UIViewController`. It asks
/// a `ListSorter` to sort and shows what the sorter reports.
@MainActor public final class ListsScreen {
    /// The names the screen shows, one a row.
    public private(set) var rows: [String] = []
    /// Called each time the screen shows a result: what the tests watch.
    public var onShow: (([String]) -> Void)?
    public let sorter: ListSorter

    public init(sorter: ListSorter) {
        self.sorter = sorter
        sorter.delegate = self
    }

    /// The Sort button's action: returns at once, and the sorted list comes later.
    public func sortTapped(_ names: [String]) {
        sorter.sort(names)
    }

    /// Shows a sorted list. Main-actor code, like everything that touches a screen.
    func show(_ names: [String]) {
        rows = names
        onShow?(names)
    }
}

// BEGIN SOLUTION
extension ListsScreen: ListSorterDelegate {
    // `nonisolated`: the protocol lets the sorter call this from any queue, so the
    // method must be callable there. It touches nothing of the screen's; it sends the
    // result to the main queue, whose blocks are main-actor code and keep their order.
    // (`@MainActor ListSorterDelegate`, an isolated conformance, is refused: the
    // protocol is `Sendable`, so its conformances must hold on every thread.)
    public nonisolated func listSorter(_ sorter: ListSorter, didSort names: [String]) {
        DispatchQueue.main.async { self.show(names) }
    }
}
// STARTER:
// extension ListsScreen: ListSorterDelegate {
//     public func listSorter(_ sorter: ListSorter, didSort names: [String]) {
//         show(names)
//     }
// }
// END SOLUTION
