// Exercise 1.6: A button that keeps escaping action closures.

/// Identifies one action added to an `ActionButton`, so that it can be removed.
public struct ActionID: Hashable, Sendable {
    let rawValue: Int
}

/// A button that stores the closures it is given and runs them on every tap.
public final class ActionButton {
    public let title: String

    /// A disabled button ignores taps.
    public var isEnabled = true

    // BEGIN SOLUTION
    // An array, not a dictionary or a set: the actions must run in the order
    // they were added.
    private var actions: [(id: ActionID, run: () -> Void)] = []
    private var nextID = 0
    // STARTER:
    // END SOLUTION

    public init(title: String) {
        self.title = title
    }

    /// Stores `action` to run on every tap, after the actions added before it,
    /// and returns an id that `removeAction` accepts. `action` is `@escaping`
    /// because the button keeps it after `addAction` returns.
    @discardableResult
    public func addAction(_ action: @escaping () -> Void) -> ActionID {
        // BEGIN SOLUTION
        let id = ActionID(rawValue: nextID)
        nextID += 1  // ids are never reused, so a stale id removes nothing
        actions.append((id: id, run: action))
        return id
        // STARTER:
        // ActionID(rawValue: 0)
        // END SOLUTION
    }

    /// Removes the action `id` names; the other actions keep their order.
    /// An id that names no action is ignored.
    public func removeAction(_ id: ActionID) {
        // BEGIN SOLUTION
        actions.removeAll { $0.id == id }
        // STARTER:
        // // Forget the action named by id.
        // END SOLUTION
    }

    /// Simulates a tap: when enabled, runs the actions in the order they were
    /// added and returns `true`; when disabled, runs nothing and returns `false`.
    /// An action added while a tap is running first runs on the next tap.
    @discardableResult
    public func tap() -> Bool {
        // BEGIN SOLUTION
        guard isEnabled else { return false }
        // Copy the list first: an action may add or remove actions, and this
        // tap should run the list as it was when the finger came down.
        let current = actions
        for action in current {
            action.run()
        }
        return true
        // STARTER:
        // false
        // END SOLUTION
    }

    /// Runs `body` with the button disabled, then restores `isEnabled` to what
    /// it was, and hands back what `body` returned. `body` is not `@escaping`: it
    /// runs before this method returns. Generic and `rethrows`, like the standard
    /// library's `with…` functions: any result comes back, a body that throws
    /// passes its error on (after the flag is restored), and a body that cannot
    /// throw needs no `try` at the call.
    public func withTapsPaused<Value>(_ body: () throws -> Value) rethrows -> Value {
        // BEGIN SOLUTION
        let wasEnabled = isEnabled
        isEnabled = false
        defer { isEnabled = wasEnabled }  // runs however body ends: returned or thrown
        return try body()
        // STARTER:
        // try body()
        // END SOLUTION
    }
}
