// Exercise 1.8: Count the taps, in Swift 6.

import Stage
// BEGIN SOLUTION
import Synchronization
// STARTER:
// END SOLUTION

/// Attaches an action to `button` and returns a closure that reads how many taps the
/// button has delivered since: `0` before the first, one more for every delivered tap
/// (a disabled button delivers none), whichever thread reads it.
///
/// The button runs its actions on the main actor, as UIKit does; the reader is
/// `@Sendable`, because it may be called from anywhere (a logger's queue, a task).
@MainActor
public func countTaps(on button: Button) -> @Sendable () -> Int {
    // BEGIN SOLUTION
    // A `@Sendable` closure may not even read a captured `var`: another thread could
    // read it while the main actor changes it. A `Mutex` gives the count one owner; both
    // closures capture the same one (a noncopyable `let` is captured by reference).
    let taps = Mutex(0)
    button.addAction { _ in taps.withLock { $0 += 1 } }
    return { taps.withLock { $0 } }
    // STARTER:
    // var taps = 0
    // button.addAction { _ in taps += 1 }
    // return { taps }
    // END SOLUTION
}
