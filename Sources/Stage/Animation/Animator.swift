import Foundation
import Synchronization

/// Told when an animation made with `beginAnimations`/`commitAnimations` stops —
/// the Swift face of UIKit's `setAnimationDidStopSelector:`.
@MainActor
public protocol AnimationDelegate: AnyObject {
    /// `finished` is false when the animation was cut short (replaced or stopped).
    /// `context` is whatever was passed to `beginAnimations(_:context:)`.
    func animationDidStop(_ animationID: String?, finished: Bool, context: (any Sendable)?)
}

/// A headless `UIView` animation engine, driven by a `VirtualClock`.
///
/// Property changes made inside an animations block (or between `beginAnimations`
/// and `commitAnimations`) take effect at once in the view — the *model* value, as
/// in UIKit — and the animator records, for each changed property, a segment of
/// its `timeline`: from, to, start and duration. What the screen would *show* at a
/// given moment is `presentationFrame(of:at:)`. Completions run on the clock, never
/// inside `animate`: with `finished == true` when the animation reaches its end,
/// `false` when a newer animation of the same property replaces it or it is stopped.
///
/// UIKit keeps one global animation system behind class methods; the stage uses
/// instances so that every test and snippet has its own clock and timeline.
///
/// `@MainActor`, as `UIView`'s animation methods are: animations start on the main
/// actor and completions run there. The clock that drives it must be advanced from
/// the main actor too; a completion run anywhere else stops the program (the runtime
/// check `MainActor.assumeIsolated` makes), as UIKit never calls one off the main thread.
@MainActor
public final class Animator {
    /// UIKit's default animation duration, 0.2 s.
    public static let defaultDuration = 0.2

    public let clock: VirtualClock

    private struct Group {
        var segmentIndices: [Int] = []
        var ticket: VirtualClock.Ticket?
        var isOver = false
        let onStop: (@MainActor @Sendable (Bool) -> Void)?
    }

    private struct State {
        var segments: [AnimationSegment] = []
        var segmentViews: [View] = []  // parallel to `segments`
        var segmentGroups: [Int] = []  // parallel to `segments`
        var groups: [Int: Group] = [:]
        var nextGroup = 0
    }

    private let state = Mutex(State())

    public init(clock: VirtualClock = VirtualClock()) {
        self.clock = clock
    }

    // MARK: Block-based animation

    /// Animates the changes that `animations` makes, over `duration` seconds, then
    /// calls `completion` with whether the animation ran to its end.
    ///
    /// `animations` runs at once, synchronously. `completion` runs later, from the
    /// clock — never before `animate` returns.
    @discardableResult
    public func animate(
        withDuration duration: Double,
        animations: () -> Void,
        completion: (@MainActor @Sendable (_ finished: Bool) -> Void)?
    ) -> AnimationHandle {
        let transaction = Transaction(animator: self, duration: duration)
        TransactionStack.push(transaction)
        animations()
        TransactionStack.pop(transaction)
        return commit(transaction, onStop: completion)
    }

    /// The `async` form: animates, and returns whether the animation ran to its end.
    @discardableResult
    public func animate(withDuration duration: Double, animations: () -> Void) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            animate(withDuration: duration, animations: animations) { finished in
                continuation.resume(returning: finished)
            }
        }
    }

    // MARK: Begin/commit animation (the pre-block style)

    /// Opens an animation on this thread: property changes until
    /// `commitAnimations()` are animated together.
    public func beginAnimations(_ animationID: String? = nil, context: (any Sendable)? = nil) {
        let transaction = Transaction(animator: self, duration: Self.defaultDuration)
        transaction.animationID = animationID
        transaction.context = context
        TransactionStack.push(transaction)
    }

    /// Sets the duration of the animation opened by `beginAnimations`.
    public func setAnimationDuration(_ duration: Double) {
        openTransaction(#function)?.duration = duration
    }

    /// Sets who is told when the animation opened by `beginAnimations` stops.
    public func setAnimationDelegate(_ delegate: (any AnimationDelegate)?) {
        openTransaction(#function)?.delegate = delegate
    }

    /// Starts the animation opened by `beginAnimations`.
    public func commitAnimations() {
        guard let transaction = openTransaction(#function) else { return }
        TransactionStack.pop(transaction)
        let (delegate, id, context) = (transaction.delegate, transaction.animationID, transaction.context)
        commit(transaction) { finished in
            delegate?.animationDidStop(id, finished: finished, context: context)
        }
    }

    private func openTransaction(_ caller: String) -> Transaction? {
        guard let transaction = TransactionStack.top, transaction.animator === self else {
            assertionFailure("\(caller) called without beginAnimations on this animator")
            return nil
        }
        return transaction
    }

    // MARK: Stopping

    /// Stops every running animation of `view` where it is now: the view keeps the
    /// value it shows at this moment, and the completions run with `false`.
    public func stopAnimations(of view: View) {
        let groups = state.withLock { state in
            Set(state.segments.indices.filter { isRunning(state.segments[$0]) && state.segments[$0].isOf(view) }
                .map { state.segmentGroups[$0] })
        }
        for group in groups.sorted() { stop(group: group) }
    }

    /// Stops one animation (all the properties it animates), as `stopAnimations(of:)` does.
    func stop(group: Int) {
        let now = clock.now
        let frozen = state.withLock { state -> [(View, AnimatedValue)] in
            guard state.groups[group]?.isOver == false else { return [] }
            var frozen: [(View, AnimatedValue)] = []
            for index in state.groups[group]!.segmentIndices where isRunning(state.segments[index], at: now) {
                state.segments[index].interruptedAt = now
                frozen.append((state.segmentViews[index], state.segments[index].value(at: now)))
            }
            return frozen
        }
        // Nothing was still moving: the animation is over, or ends this very
        // moment and its completion (with `true`) is already due.
        guard !frozen.isEmpty else { return }
        // The model value becomes what is on screen, so the view stays put.
        for (view, value) in frozen { view.setModelValue(value) }
        endEarly(groups: [group])
    }

    func isRunning(group: Int) -> Bool {
        state.withLock { $0.groups[group].map { !$0.isOver } ?? false }
    }

    private func isRunning(_ segment: AnimationSegment, at time: Double? = nil) -> Bool {
        segment.interruptedAt == nil && segment.end > (time ?? clock.now)
    }

    // MARK: The timeline

    /// Every animated segment so far, in the order the animations started.
    public var timeline: [AnimationSegment] { state.withLock { $0.segments } }

    /// The segments that animate `view`, optionally only one of its properties.
    public func segments(of view: View, _ property: AnimatedProperty? = nil) -> [AnimationSegment] {
        timeline.filter { $0.isOf(view) && (property == nil || $0.property == property) }
    }

    /// What the screen shows for `view`'s `property` at `time` (default: now).
    public func presentationValue(of view: View, _ property: AnimatedProperty, at time: Double? = nil) -> AnimatedValue {
        let time = time ?? clock.now
        let segments = segments(of: view, property)
        if let current = segments.last(where: { $0.start <= time }) {
            return current.value(at: time)
        }
        if let first = segments.first { return first.from }
        return view.modelValue(property)
    }

    /// The frame the screen shows for `view` at `time` (default: now).
    public func presentationFrame(of view: View, at time: Double? = nil) -> CGRect {
        presentationValue(of: view, .frame, at: time).frameValue ?? view.frame
    }

    /// The opacity the screen shows for `view` at `time` (default: now).
    public func presentationAlpha(of view: View, at time: Double? = nil) -> Double {
        presentationValue(of: view, .alpha, at: time).alphaValue ?? view.alpha
    }

    /// The centres `view` was seen to pass through, in order: each frame segment
    /// that was on screen for some time adds where it started and where it
    /// ended (or was cut). A segment replaced at once was never seen.
    public func path(of view: View) -> [CGPoint] {
        var points: [CGPoint] = []
        for segment in segments(of: view, .frame) {
            let seenUntil = segment.interruptedAt ?? segment.end
            guard seenUntil > segment.start,
                  let from = segment.from.frameValue,
                  let to = segment.value(at: seenUntil).frameValue
            else { continue }
            for point in [CGPoint(x: from.midX, y: from.midY), CGPoint(x: to.midX, y: to.midY)]
            where points.last != point {
                points.append(point)
            }
        }
        return points
    }

    // MARK: Recording and committing

    @discardableResult
    private func commit(_ transaction: Transaction, onStop: (@MainActor @Sendable (Bool) -> Void)?) -> AnimationHandle {
        let now = clock.now
        let duration = max(0, transaction.duration)
        var replaced: Set<Int> = []
        let group = state.withLock { state -> Int in
            let group = state.nextGroup
            state.nextGroup += 1
            var record = Group(onStop: onStop)
            for change in transaction.changes {
                // A newer animation of the same property replaces the running one.
                for index in state.segments.indices
                where isRunning(state.segments[index], at: now)
                    && state.segments[index].viewID == ObjectIdentifier(change.view)
                    && state.segments[index].property == change.to.property {
                    state.segments[index].interruptedAt = now
                    replaced.insert(state.segmentGroups[index])
                }
                record.segmentIndices.append(state.segments.count)
                state.segments.append(AnimationSegment(
                    viewName: change.view.name, viewID: ObjectIdentifier(change.view),
                    from: change.from, to: change.to, start: now, duration: duration))
                state.segmentViews.append(change.view)
                state.segmentGroups.append(group)
            }
            state.groups[group] = record
            return group
        }
        endEarly(groups: replaced.sorted())
        // Nothing to animate finishes at once, as in UIKit.
        let runFor = transaction.changes.isEmpty ? 0 : duration
        let ticket = clock.schedule(after: runFor) { [self] in
            MainActor.assumeIsolated { end(group: group, finished: true) }
        }
        state.withLock { $0.groups[group]?.ticket = ticket }
        return AnimationHandle(animator: self, group: group)
    }

    /// Ends animations before their time: their completions run with `false`, from the clock.
    private func endEarly(groups: [Int]) {
        for group in groups {
            let ticket = state.withLock { state -> VirtualClock.Ticket? in
                guard state.groups[group]?.isOver == false else { return nil }
                return state.groups[group]?.ticket
            }
            if let ticket { clock.cancel(ticket) }
            clock.schedule(after: 0) { [self] in
                MainActor.assumeIsolated { end(group: group, finished: false) }
            }
        }
    }

    private func end(group: Int, finished: Bool) {
        let onStop = state.withLock { state -> (@MainActor @Sendable (Bool) -> Void)?? in
            guard var record = state.groups[group], !record.isOver else { return nil }
            record.isOver = true
            state.groups[group] = record
            return .some(record.onStop)
        }
        if case .some(let onStop?) = onStop { onStop(finished) }
    }

    /// Called by `View` whenever an animatable property changes.
    static func viewDidChange(_ view: View, from: AnimatedValue, to: AnimatedValue) {
        TransactionStack.top?.record(view, from: from, to: to)
    }
}

/// One animation started with `animate(withDuration:animations:completion:)`.
@MainActor
public struct AnimationHandle: Sendable {
    let animator: Animator
    let group: Int

    /// Stops this animation where it is; its completion runs with `false`. Does
    /// nothing when it is already over — it never touches a later animation.
    public func stop() { animator.stop(group: group) }

    /// Whether the animation has not yet ended (or been stopped).
    public var isRunning: Bool { animator.isRunning(group: group) }
}

/// The changes collected by one open animation (a block, or a begin/commit pair).
/// It lives on the main actor, as UIKit's animation blocks do.
@MainActor
final class Transaction {
    struct Change {
        let view: View
        let from: AnimatedValue
        var to: AnimatedValue
    }

    let animator: Animator
    var duration: Double
    var animationID: String?
    var context: (any Sendable)?
    var delegate: (any AnimationDelegate)?
    private(set) var changes: [Change] = []

    init(animator: Animator, duration: Double) {
        self.animator = animator
        self.duration = duration
    }

    func record(_ view: View, from: AnimatedValue, to: AnimatedValue) {
        // Two changes of one property in one animation make one segment.
        if let index = changes.firstIndex(where: { $0.view === view && $0.to.property == to.property }) {
            changes[index].to = to
        } else {
            changes.append(Change(view: view, from: from, to: to))
        }
    }
}

/// The open animations, innermost last. One stack for the main actor, where every
/// animation is opened (a thread-local stack was needed only while the stage let
/// animations start on any thread).
@MainActor
enum TransactionStack {
    private static var items: [Transaction] = []

    static var top: Transaction? { items.last }

    static func push(_ transaction: Transaction) { items.append(transaction) }

    static func pop(_ transaction: Transaction) {
        if let index = items.lastIndex(where: { $0 === transaction }) { items.remove(at: index) }
    }
}
