// Exercise 5.9: Sort on another queue, in Swift 6.

import Dispatch
import Synchronization

/// Sorts `names` with `areInIncreasingOrder` on `queue`, off the caller's queue, and
/// hands the sorted array to `completion`, once, on `queue`. Returns at once.
///
/// The comparator travels to another queue with the work, so Swift 6 asks whether it
/// is safe to call from there.
///
/// `sortCountingComparisons(_:on:completion:)` sorts `names` in increasing order with
/// `sortInBackground` and hands `completion`, on `queue`, the sorted names and how many
/// times the sort called its comparator.
// BEGIN SOLUTION
public func sortInBackground(
    _ names: [String], on queue: DispatchQueue,
    // `@Sendable`: the comparator is called on `queue`, so it must be safe to send there.
    // The caller's closure literal becomes `@Sendable` by itself when it captures nothing
    // mutable; the compiler checks that at the call.
    by areInIncreasingOrder: @escaping @Sendable (String, String) -> Bool,
    completion: @escaping @Sendable ([String]) -> Void
) {
    queue.async { completion(names.sorted(by: areInIncreasingOrder)) }
}

public func sortCountingComparisons(
    _ names: [String], on queue: DispatchQueue, completion: @escaping @Sendable ([String], Int) -> Void
) {
    // The comparator now runs on `queue` while this function has returned, so the count
    // it keeps must be safe to share: a `Mutex` owns it, and each comparison locks it.
    let comparisons = Mutex(0)
    sortInBackground(names, on: queue, by: { first, second in
        comparisons.withLock { $0 += 1 }
        return first < second
    }) { sorted in
        completion(sorted, comparisons.withLock { $0 })
    }
}
// STARTER:
// public func sortInBackground(
//     _ names: [String], on queue: DispatchQueue,
//     by areInIncreasingOrder: @escaping (String, String) -> Bool,
//     completion: @escaping @Sendable ([String]) -> Void
// ) {
//     queue.async { completion(names.sorted(by: areInIncreasingOrder)) }
// }
//
// public func sortCountingComparisons(
//     _ names: [String], on queue: DispatchQueue, completion: @escaping @Sendable ([String], Int) -> Void
// ) {
//     var comparisons = 0
//     sortInBackground(names, on: queue, by: { first, second in
//         comparisons += 1
//         return first < second
//     }) { sorted in
//         completion(sorted, comparisons)
//     }
// }
// END SOLUTION
