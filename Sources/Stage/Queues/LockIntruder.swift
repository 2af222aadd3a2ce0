/// Another caller's call, made once, the `k`-th time one of the locks made by `locks`
/// is let go after `arm()`: in one thread, at the moment a race would need. A test that
/// tries every `k` in turn stands the call in every gap between two critical sections
/// of the code under test (4.4's second `done` and cancels, 4.9's, 4.10's cancels).
public final class LockIntruder: Sendable {
    /// What the intruder does when its moment comes.
    public let call = Locked<(@Sendable () -> Void)?>(nil)
    /// Whether the moment came: false when the code let go of its locks fewer than `k` times.
    public let fired = Locked(false)
    private let k: Int
    private let countdown = Locked<Int?>(nil)

    public init(at k: Int) { self.k = k }

    /// Locks whose every unlock counts towards the intruder's moment.
    public var locks: Locks { Locks(afterUnlock: { [self] in lockLetGo() }) }

    /// Starts counting unlocks from now.
    public func arm() { countdown.withLock { $0 = k } }

    private func lockLetGo() {
        let now = countdown.withLock { countdown -> Bool in
            guard let left = countdown else { return false }
            countdown = left == 1 ? nil : left - 1
            return left == 1
        }
        guard now, let call = call.value else { return }
        fired.withLock { $0 = true }
        call()
    }
}
