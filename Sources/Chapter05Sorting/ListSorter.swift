// Given to Exercise 5.11 as it is: a sorter that reports from a queue of its own.
import Dispatch
import Foundation
import Synchronization

/// What a `ListSorter` tells the screen that asked it to sort.
///
/// The sorter calls it on its own queue, never on the main queue — like a framework
/// whose documentation says "called on an arbitrary queue" — so the protocol belongs to
/// no actor. It is `Sendable` because the sorter keeps its delegate and calls it from
/// that queue.
public protocol ListSorterDelegate: AnyObject, Sendable {
    func listSorter(_ sorter: ListSorter, didSort names: [String])
}

/// Sorts lists of names as people read them, on a serial queue of its own, and reports
/// each result to its delegate on that queue, in the order the lists were given.
public final class ListSorter: Sendable {
    private let queue: DispatchQueue
    // A weak delegate, as UIKit keeps one; behind a lock because any thread may set it.
    private let slot = Mutex(WeakListSorterDelegate())

    public init(label: String = "com.closuresworkbook.diner.list-sorter") {
        queue = DispatchQueue(label: label)
    }

    public var delegate: (any ListSorterDelegate)? {
        get { slot.withLock { $0.delegate } }
        set { slot.withLock { $0.delegate = newValue } }
    }

    /// Returns at once; the result reaches the delegate later, on the sorter's queue.
    public func sort(_ names: [String]) {
        queue.async {
            let sorted = names.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            self.delegate?.listSorter(self, didSort: sorted)
        }
    }
}

private struct WeakListSorterDelegate {
    weak var delegate: (any ListSorterDelegate)?
}
