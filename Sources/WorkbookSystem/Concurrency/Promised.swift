import Dispatch
import Synchronization

/// A value that one of `ParallelWork`'s threads makes and others wait for: the steps of
/// a render start as soon as what they need is there, not when a whole step is done.
package final class Promised<Value: Sendable>: Sendable {
    private let made = DispatchGroup()
    private let stored = Mutex<Value?>(nil)

    package init() { made.enter() }

    /// Gives the value to everyone waiting, and to everyone who asks later. Once.
    package func fulfill(_ value: Value) {
        stored.withLock { $0 = value }
        made.leave()
    }

    /// The value, once it is made (blocking the calling thread until then).
    package var value: Value {
        made.wait()
        return stored.withLock { $0! }
    }
}
