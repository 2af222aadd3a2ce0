// Exercise 1.8: Count the taps, in Swift 6.

import Stage
// BEGIN SOLUTION
import Synchronization
// STARTER:
// END SOLUTION

/// Attaches an action to `button` and returns a closure that reads how many taps the
/// button has delivered since: `0` before the first, one more for every delivered tap
/// (a disabled button delivers none), however many threads tap at once.
///
/// The button keeps its actions and may run them on any thread, so they are
/// `@Sendable`; so is the reader, which may be called from anywhere.
public func countTaps(on button: Button) -> @Sendable () -> Int {
    // BEGIN SOLUTION
    // A `@Sendable` closure may not change a captured `var`: two threads could change it
    // at once. A `Mutex` gives the count one owner; both closures capture the same one
    // (a noncopyable `let` is captured by reference, never copied).
    let taps = Mutex(0)
    button.addAction { _ in taps.withLock { $0 += 1 } }
    return { taps.withLock { $0 } }
    // STARTER:
    // var taps = 0
    // button.addAction { _ in taps += 1 }
    // return { taps }
    // END SOLUTION
}
