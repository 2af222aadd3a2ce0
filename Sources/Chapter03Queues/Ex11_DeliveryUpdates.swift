// Exercise 3.11: Follow a delivery with AsyncStream.
import Synchronization

/// Every report that `tracker` makes about `order`, as an `AsyncStream`: in the order
/// they were made, none lost (also those made before anyone reads the stream), ending
/// after `.arrived`. When the stream ends — the order arrived, or the task reading it
/// was cancelled — the tracking is stopped.
public func deliveryUpdates(for order: Int, from tracker: DeliveryTracker) -> AsyncStream<DeliveryUpdate> {
    // BEGIN SOLUTION
    // The default buffering policy keeps every report until the loop reads it.
    let (updates, continuation) = AsyncStream.makeStream(of: DeliveryUpdate.self)
    // The tracking, and whether the stream has ended, under one lock: the stream may
    // end before `track` has even returned (a callback API may answer at once).
    let state = Mutex<(tracking: DeliveryTracking?, ended: Bool)>((nil, false))
    // Installed before the tracking starts, so no ending can come before it. It runs
    // once, whether the stream finished or its reader was cancelled: either way nobody
    // wants the courier's reports any more.
    continuation.onTermination = { _ in
        state.withLock { state in state.ended = true; return state.tracking }?.stop()
    }
    let tracking = tracker.track(order: order) { update in
        continuation.yield(update)
        // The last report: end the stream, so the reader's loop ends too.
        if update == .arrived { continuation.finish() }
    }
    // Ended already? Then nobody will stop this tracking but us.
    let endedAlready = state.withLock { state in state.tracking = tracking; return state.ended }
    if endedAlready { tracking.stop() }
    return updates
    // STARTER:
    // // Listens to nothing: the stream ends at once.
    // AsyncStream { $0.finish() }
    // END SOLUTION
}
