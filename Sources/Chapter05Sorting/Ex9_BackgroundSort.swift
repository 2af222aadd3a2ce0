// Exercise 5.9: Sort on another queue, in Swift 6.

import Dispatch

/// Sorts `names` with `areInIncreasingOrder` on `queue`, off the caller's queue, and
/// hands the sorted array to `completion`, once, on `queue`. Returns at once.
///
/// The comparator travels to another queue with the work, so Swift 6 asks whether it
/// is safe to call from there.
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
// STARTER:
// public func sortInBackground(
//     _ names: [String], on queue: DispatchQueue,
//     by areInIncreasingOrder: @escaping (String, String) -> Bool,
//     completion: @escaping @Sendable ([String]) -> Void
// ) {
//     queue.async { completion(names.sorted(by: areInIncreasingOrder)) }
// }
// END SOLUTION
