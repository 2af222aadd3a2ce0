import Dispatch
import Synchronization

/// Starts some callback-based work and waits for its callback, at most `timeout`.
/// Returns the value the callback was given, or `nil` if it never came in time.
///
/// Made for tests and snippets that must report "the completion handler was never
/// called" instead of hanging: the deadline only elapses when the code under test is
/// wrong, so a correct answer is as fast as its callback. Later calls are ignored.
/// Eight seconds, not two: on a loaded two-core machine a correct callback was seen
/// to take four, and a learner's hang must still be reported before `workbook
/// check`'s ten-second limit kills the test process.
public func awaitCallback<T: Sendable>(
    timeout: Duration = .seconds(8),
    isolation: isolated (any Actor)? = #isolation,
    _ start: (_ callback: @escaping @Sendable (T) -> Void) -> Void
) async -> T? {
    await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<T?, Never>) in
        // A continuation must be resumed exactly once: the first of callback and
        // deadline takes it out of the box, the other finds the box empty.
        let box = ContinuationBox(continuation)
        start { box.resume(returning: $0) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout.seconds) { box.resume(returning: nil) }
    }
}

/// Holds a continuation until the first `resume`; later ones do nothing.
private final class ContinuationBox<T: Sendable>: Sendable {
    private let slot: Mutex<CheckedContinuation<T?, Never>?>

    init(_ continuation: CheckedContinuation<T?, Never>) { slot = Mutex(continuation) }

    func resume(returning value: T?) {
        slot.withLock { $0.take() }?.resume(returning: value)
    }
}

extension Duration {
    /// The duration in seconds, for the `TimeInterval` and `DispatchTime` APIs.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
