import Foundation
import Synchronization

/// A clock that moves only when it is told to.
///
/// Real animations run on the wall clock, which makes tests slow and flaky. The
/// stage's animations run on a `VirtualClock` instead: scheduling work costs
/// nothing, and time passes only when a test or snippet calls `advance(by:)`,
/// `runUntilIdle()` or `drive(_:until:)`. Every run is the same run.
///
/// Time is kept in whole microseconds, so `0.2 + 0.2 + 0.2` is exactly `0.6`
/// here (it is not, in `Double` arithmetic).
public final class VirtualClock: Sendable {
    /// A handle for scheduled work, used to cancel it.
    public struct Ticket: Hashable, Sendable {
        fileprivate let id: Int
    }

    private struct Entry {
        let due: Int64
        let id: Int
        let action: @Sendable () -> Void
    }

    private struct State {
        var now: Int64 = 0
        var entries: [Entry] = []  // kept sorted by (due, id): first scheduled, first run
        var nextID = 0
        var generation = 0  // bumped whenever work is scheduled (see `drive`)
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// The current virtual time, in seconds since the clock was made.
    public var now: Double { Self.seconds(state.withLock { $0.now }) }

    /// How many actions are waiting for their time.
    public var pendingCount: Int { state.withLock { $0.entries.count } }

    /// When the next action is due, or `nil` when nothing is scheduled.
    public var nextDueTime: Double? { state.withLock { $0.entries.first.map { Self.seconds($0.due) } } }

    /// Schedules `action` to run `delay` seconds from now (at once on the next
    /// advance, when `delay` is 0). Actions due at the same time run in the order
    /// they were scheduled.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> Ticket {
        let (ticket, waiters) = state.withLock { state -> (Ticket, [CheckedContinuation<Void, Never>]) in
            let entry = Entry(due: state.now + Self.ticks(max(0, delay)), id: state.nextID, action: action)
            state.nextID += 1
            let index = state.entries.firstIndex { ($0.due, $0.id) > (entry.due, entry.id) } ?? state.entries.endIndex
            state.entries.insert(entry, at: index)
            state.generation += 1
            let waiters = state.waiters
            state.waiters = []
            return (Ticket(id: entry.id), waiters)
        }
        for waiter in waiters { waiter.resume() }
        return ticket
    }

    /// Cancels scheduled work; returns whether it was still waiting.
    @discardableResult
    public func cancel(_ ticket: Ticket) -> Bool {
        state.withLock { state in
            guard let index = state.entries.firstIndex(where: { $0.id == ticket.id }) else { return false }
            state.entries.remove(at: index)
            return true
        }
    }

    /// Moves time forward by `seconds`, running every action that falls due on the
    /// way, in time order — including actions scheduled by those actions.
    public func advance(by seconds: Double) {
        advance(toTicks: state.withLock { $0.now } + Self.ticks(max(0, seconds)))
    }

    /// Moves time forward to `time` (never backwards), running what falls due.
    public func advance(to time: Double) {
        advance(toTicks: Self.ticks(time))
    }

    /// Runs everything that is scheduled, moving time to each action's due time,
    /// until nothing is left. Stops after `limit` actions, in case of a loop that
    /// schedules itself for ever.
    public func runUntilIdle(limit: Int = 10_000) {
        var count = 0
        while count < limit, let due = state.withLock({ $0.entries.first?.due }) {
            advance(toTicks: due)
            count += 1
        }
    }

    private func advance(toTicks target: Int64) {
        while true {
            // Take one due action at a time, and run it outside the lock: it may
            // schedule more work, or read `now`.
            let action = state.withLock { state -> (@Sendable () -> Void)? in
                guard let first = state.entries.first, first.due <= target else {
                    state.now = max(state.now, target)
                    return nil
                }
                state.entries.removeFirst()
                state.now = max(state.now, first.due)
                return first.action
            }
            guard let action else { return }
            action()
        }
    }

    // MARK: Driving async code

    /// Drives `task` — async code that awaits animations on this clock — by
    /// advancing virtual time each time the task is waiting for scheduled work.
    ///
    /// Returns the task's value when it finishes, or `nil` when virtual time
    /// reaches `deadline` first (the clock then stands exactly at `deadline`; pick
    /// a deadline between two events). The task must do its steps one after
    /// another, as a sequence of awaits does.
    @discardableResult
    ///
    /// It runs on the caller's actor (`isolation`), so an animator's completions,
    /// which belong to the main actor, run there when a main-actor test drives them.
    public func drive<T: Sendable>(
        _ task: Task<T, Never>,
        until deadline: Double? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async -> T? {
        let finished = FinishFlag()
        let watcher = Task {
            _ = await task.value
            finished.set()
            self.poke()
        }
        defer { watcher.cancel() }
        let limit = deadline.map(Self.ticks)
        while true {
            // Let work already waiting for this actor run before time moves on: a hop
            // to the main actor (a cancellation handler's, say) happens "now".
            await Task.yield()
            let generation = state.withLock { $0.generation }
            if finished.isSet { return await task.value }
            if let due = state.withLock({ $0.entries.first?.due }) {
                if let limit, due > limit {
                    advance(toTicks: limit)
                    return nil
                }
                advance(toTicks: due)
                continue
            }
            if let limit, state.withLock({ $0.now }) >= limit { return nil }
            await waitForWork(since: generation)
        }
    }

    private func poke() {
        let waiters = state.withLock { state in
            state.generation += 1
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Suspends until something is scheduled (or `poke` is called) after `generation`.
    private func waitForWork(since generation: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                if state.generation != generation { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    private final class FinishFlag: Sendable {
        private let flag = Atomic<Bool>(false)
        func set() { flag.store(true, ordering: .sequentiallyConsistent) }
        var isSet: Bool { flag.load(ordering: .sequentiallyConsistent) }
    }

    static func ticks(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }
    static func seconds(_ ticks: Int64) -> Double { Double(ticks) / 1_000_000 }
}
