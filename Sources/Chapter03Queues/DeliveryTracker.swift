// Support code for Exercise 3.11: a courier service that reports on a delivery many
// times, through a callback. This file has no solution markers; learners use it as it is.
import Dispatch
import Synchronization

/// One report about an order on its way.
public enum DeliveryUpdate: Equatable, Sendable, CustomStringConvertible {
    /// The courier is this many minutes away.
    case minutesAway(Int)
    /// The order is at the door: the last report about it.
    case arrived

    public var description: String {
        switch self {
        case .minutesAway(let minutes): "\(minutes) min away"
        case .arrived: "arrived"
        }
    }
}

/// What `DeliveryTracker.track(order:update:)` returns: the way to stop listening.
public final class DeliveryTracking: Sendable {
    private let end: @Sendable () -> Void

    init(end: @escaping @Sendable () -> Void) { self.end = end }

    /// No more reports for this tracking; calling it again does nothing.
    public func stop() { end() }
}

/// A callback API that answers many times, like a courier's app: every tracking of an
/// order hears each report about it, on the tracker's own serial queue, in the order
/// they were made. After `.arrived` the tracker forgets the order's trackings by itself.
///
/// `report(_:for:)` plays the courier: tests and snippets call it.
///
/// Made with `answersAtOnce: true`, it is the kind of callback API that tells a new
/// listener what it already knows before `track` returns: `update` is called at once,
/// on the caller's thread, with the latest report made about the order, if any.
public final class DeliveryTracker: Sendable {
    private struct Listener: Sendable {
        let id: Int
        let order: Int
        let update: @Sendable (DeliveryUpdate) -> Void
    }

    private let listeners = Mutex<(nextID: Int, all: [Listener], latest: [Int: DeliveryUpdate])>((0, [], [:]))
    private let queue = DispatchQueue(label: "org.closuresworkbook.chapter03.delivery-tracker")
    private let answersAtOnce: Bool

    public init(answersAtOnce: Bool = false) {
        self.answersAtOnce = answersAtOnce
    }

    /// Calls `update` with every report about `order` from now on, until the returned
    /// tracking is stopped or the order has arrived.
    public func track(order: Int, update: @escaping @Sendable (DeliveryUpdate) -> Void) -> DeliveryTracking {
        let (id, known) = listeners.withLock { state in
            state.nextID += 1
            state.all.append(Listener(id: state.nextID, order: order, update: update))
            return (state.nextID, state.latest[order])
        }
        if answersAtOnce, let known { update(known) }  // outside the lock, as report does
        return DeliveryTracking { [weak self] in
            self?.listeners.withLock { state in state.all.removeAll { $0.id == id } }
        }
    }

    /// The courier reports on `order`. Delivered later, on the tracker's queue.
    public func report(_ update: DeliveryUpdate, for order: Int) {
        queue.async { [self] in
            listeners.withLock { $0.latest[order] = update }
            // Called outside the lock: a listener may stop its tracking from its callback.
            let hearing = listeners.withLock { $0.all.filter { $0.order == order } }
            for listener in hearing { listener.update(update) }
            if update == .arrived {
                listeners.withLock { state in state.all.removeAll { $0.order == order } }
            }
        }
    }

    /// Returns once every report made so far has been delivered.
    public func waitForReports() { queue.sync {} }

    /// How many trackings are listening now.
    public var activeTrackings: Int { listeners.withLock { $0.all.count } }
}
