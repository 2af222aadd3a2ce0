import Dispatch

/// Knows whether code is running on the main queue without crashing when it is not.
///
/// On Linux the main queue is drained by a thread that is not always the main
/// thread, so `Thread.isMainThread` answers the wrong question. A queue-specific
/// key set on the main queue answers the right one.
public enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// True when the caller is running on the main dispatch queue.
    public static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) ?? false
    }
}
