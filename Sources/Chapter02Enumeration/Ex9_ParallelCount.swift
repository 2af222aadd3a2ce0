// Exercise 2.9: Count on every core, in Swift 6.

import Dispatch
// BEGIN SOLUTION
import Synchronization
// STARTER:
// END SOLUTION

/// How many of `numbers` are greater than `limit`, tested on every core at once with
/// `DispatchQueue.concurrentPerform` (whose work closure is `@Sendable`: it runs on
/// many threads at the same time). The same count a plain loop gives, for any array,
/// the empty one included.
public func countGreater(than limit: Int, in numbers: [Int]) -> Int {
    // BEGIN SOLUTION
    // One lock for the total, taken once per slice rather than once per element: each
    // slice counts on its own, then adds its count under the lock.
    let total = Mutex(0)
    let slices = 8
    let size = (numbers.count + slices - 1) / slices
    DispatchQueue.concurrentPerform(iterations: slices) { slice in
        let start = min(slice * size, numbers.count), end = min(start + size, numbers.count)
        let found = numbers[start..<end].count { $0 > limit }  // count(where:), SE-0220
        total.withLock { $0 += found }
    }
    return total.withLock { $0 }
    // STARTER:
    // var count = 0
    // DispatchQueue.concurrentPerform(iterations: numbers.count) { index in
    //     if numbers[index] > limit { count += 1 }
    // }
    // return count
    // END SOLUTION
}
