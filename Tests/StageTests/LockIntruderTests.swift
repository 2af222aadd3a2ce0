import Testing
@testable import Stage

@Suite("A lock intruder calls in once, at the k-th unlock after it is armed")
struct LockIntruderTests {
    @Test("counts only the unlocks after arm, calls at the k-th, and never again", arguments: 1...3)
    func callsAtTheKthUnlock(k: Int) {
        let intruder = LockIntruder(at: k)
        let log = Locked<[String]>([])
        let lock = intruder.locks.make(0)
        intruder.call.withLock { $0 = { log.withLock { $0.append("intruder") } } }
        lock.withLock { $0 += 1 }   // before arm: not counted
        intruder.arm()
        for step in 1...4 {
            lock.withLock { $0 += 1 }
            log.withLock { $0.append("unlock \(step)") }
        }
        var expected = (1...4).map { "unlock \($0)" }
        expected.insert("intruder", at: k - 1)
        #expect(log.value == expected)
        #expect(intruder.fired.value)
    }

    @Test("does not fire when the code lets go of its locks fewer than k times")
    func fewerUnlocks() {
        let intruder = LockIntruder(at: 3)
        let lock = intruder.locks.make(0)
        intruder.arm()
        lock.withLock { $0 += 1 }
        #expect(!intruder.fired.value)
    }
}
