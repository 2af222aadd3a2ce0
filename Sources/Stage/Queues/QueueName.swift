import Dispatch
import Synchronization

/// Names the queue the caller is running on, so the stage can say *where* something
/// happened: `"main"`, the label of a queue you asked it to track, or `"another queue"`.
///
/// Linux has no `DISPATCH_CURRENT_QUEUE_LABEL` (`__dispatch_queue_get_label(nil)`), so the
/// name of the current queue is found the portable way: a queue-specific value, set on
/// each tracked queue and read back with `DispatchQueue.getSpecific(key:)`. The lookup
/// follows target queues, so a queue that targets a tracked queue reports that name.
public enum QueueName {
    /// The name used for the main dispatch queue.
    public static let main = "main"
    /// The name used for code that runs on no tracked queue (a global queue, a Swift
    /// concurrency thread, a plain thread).
    public static let untracked = "another queue"

    private static let key = DispatchSpecificKey<String>()

    /// Starts reporting `queue` by its label (or by `name`, when given).
    /// Tracking is a queue-specific value: it costs nothing when nobody asks.
    public static func track(_ queue: DispatchQueue, as name: String? = nil) {
        queue.setSpecific(key: key, value: name ?? queue.label)
    }

    /// The name of the queue running the caller.
    public static var current: String {
        if MainQueue.isCurrent { return main }
        return DispatchQueue.getSpecific(key: key) ?? untracked
    }
}
