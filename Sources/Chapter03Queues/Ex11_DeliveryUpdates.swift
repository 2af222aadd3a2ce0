// Exercise 3.11: Follow a delivery with AsyncStream.

/// Every report that `tracker` makes about `order`, as an `AsyncStream`: in the order
/// they were made, none lost (also those made before anyone reads the stream), ending
/// after `.arrived`. When the stream ends — the order arrived, or the task reading it
/// was cancelled — the tracking is stopped.
public func deliveryUpdates(for order: Int, from tracker: DeliveryTracker) -> AsyncStream<DeliveryUpdate> {
    // BEGIN SOLUTION
    // The default buffering policy keeps every report until the loop reads it.
    let (updates, continuation) = AsyncStream.makeStream(of: DeliveryUpdate.self)
    let tracking = tracker.track(order: order) { update in
        continuation.yield(update)
        // The last report: end the stream, so the reader's loop ends too.
        if update == .arrived { continuation.finish() }
    }
    // Runs once, whether the stream finished or its reader was cancelled: either way
    // nobody wants the courier's reports any more.
    continuation.onTermination = { _ in tracking.stop() }
    return updates
    // STARTER:
    // // Listens to nothing: the stream ends at once.
    // AsyncStream { $0.finish() }
    // END SOLUTION
}
