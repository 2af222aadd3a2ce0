// Exercise 2.10: Count on every core, in Swift 6.

import Dispatch
// BEGIN SOLUTION
import Synchronization
// STARTER:
// END SOLUTION

/// How many of `numbers` are greater than `limit`, tested with
/// `DispatchQueue.concurrentPerform` (whose work closure is `@Sendable`: it runs on
/// many threads at the same time), in `slices` slices, one iteration each: the slice
/// sizes differ by at most one, and together they cover every number once. Fewer than
/// one slice is taken as one. The same count a plain loop gives, for any array.
public func countGreater(than limit: Int, in numbers: [Int], slices: Int) -> Int {
    // BEGIN SOLUTION
    // One lock for the total, taken once per slice rather than once per element: each
    // slice counts on its own, then adds its count under the lock.
    let total = Mutex(0)
    let parts = max(slices, 1)
    DispatchQueue.concurrentPerform(iterations: parts) { slice in
        // Slice `slice` runs from slice·n/parts to (slice+1)·n/parts: the remainder
        // of n/parts is spread one number at a time, and the bounds meet exactly.
        let range = (slice * numbers.count / parts)..<((slice + 1) * numbers.count / parts)
        let found = numbers[range].count { $0 > limit }  // count(where:), SE-0220
        total.withLock { $0 += found }
    }
    return total.withLock { $0 }
    // STARTER:
    // var count = 0
    // let size = numbers.count / slices
    // DispatchQueue.concurrentPerform(iterations: slices) { slice in
    //     for number in numbers[(slice * size)..<((slice + 1) * size)] where number > limit {
    //         count += 1
    //     }
    // }
    // return count
    // END SOLUTION
}
