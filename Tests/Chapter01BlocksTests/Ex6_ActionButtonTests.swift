import Testing
import Chapter01Blocks

@Suite("Exercise 1.6: A button that keeps escaping action closures")
struct Ex6_ActionButtonTests {
    @Test("a tap runs every action, in the order they were added")
    func runsInOrder() {
        let button = ActionButton(title: "+1")
        var log: [Int] = []
        for n in 1...10 {
            button.addAction { log.append(n) }
        }
        #expect(button.tap(), "an enabled button should report its tap as delivered")
        #expect(log == Array(1...10),
                "one tap ran the actions as \(log); expected 1 through 10 in order")
        button.tap()
        #expect(log.count == 20, "two taps ran \(log.count) actions; expected 20 — the button must keep its actions after a tap")
    }

    @Test("a disabled button runs nothing and says so")
    func disabled() {
        let button = ActionButton(title: "-1")
        var taps = 0
        button.addAction { taps += 1 }
        button.isEnabled = false
        #expect(!button.tap(), "a disabled button's tap() returned true; expected false")
        #expect(taps == 0, "a disabled button ran its action \(taps) time(s); expected none")
    }

    @Test("a tap with no actions is still delivered")
    func noActions() {
        #expect(ActionButton(title: "Total").tap(), "an enabled button with no actions should still return true from tap()")
    }

    @Test("removing an action keeps the others in order, and a stale id removes nothing")
    func removal() {
        let button = ActionButton(title: "Order")
        var log: [String] = []
        button.addAction { log.append("chalkboard") }
        let sound = button.addAction { log.append("sound") }
        button.addAction { log.append("buttons") }
        button.removeAction(sound)
        button.removeAction(sound)  // a second removal is harmless
        button.tap()
        #expect(log == ["chalkboard", "buttons"],
                "after removing the sound action a tap ran \(log); expected [\"chalkboard\", \"buttons\"]")
    }

    @Test("an action added during a tap first runs on the next tap")
    func addedDuringTap() {
        let button = ActionButton(title: "+1")
        var log: [String] = []
        button.addAction {
            log.append("first")
            button.addAction { log.append("late") }
        }
        button.tap()
        #expect(log == ["first"], "the first tap ran \(log); expected just [\"first\"]")
        log.removeAll()
        button.tap()
        #expect(log == ["first", "late"], "the second tap ran \(log); expected [\"first\", \"late\"]")
    }

    @Test("withTapsPaused ignores taps inside its body and restores the enabled flag")
    func pausedTaps() {
        let button = ActionButton(title: "+1")
        var taps = 0
        button.addAction { taps += 1 }
        var delivered = true
        button.withTapsPaused { delivered = button.tap() }
        #expect(!delivered && taps == 0, "a tap inside withTapsPaused ran the action; expected it to be ignored")
        #expect(button.isEnabled, "the button stayed disabled after withTapsPaused; expected it enabled again")
        var runs = 0
        button.withTapsPaused { runs += 1 }
        #expect(runs == 1, "withTapsPaused ran its body \(runs) times; expected once")
        button.isEnabled = false
        button.withTapsPaused {}
        #expect(!button.isEnabled, "withTapsPaused enabled a button that was disabled before; restore the old value, don't just set true")
    }

    struct KitchenClosed: Error, Equatable {}

    @Test("withTapsPaused hands back what its body returned")
    func pausedResult() {
        let button = ActionButton(title: "Total")
        let seen = button.withTapsPaused { button.isEnabled ? "enabled" : "paused" }
        #expect(seen == "paused", "inside withTapsPaused the body saw the button \(seen) and returned that; expected \"paused\" to come back")
        let count = button.withTapsPaused { 3 }
        #expect(count == 3, "withTapsPaused { 3 } returned \(count); expected 3")
    }

    @Test("a body that throws: withTapsPaused passes the same error on and still restores the flag")
    func pausedThrows() {
        let button = ActionButton(title: "+1")
        #expect(throws: KitchenClosed(), "withTapsPaused did not pass the body's error on; expected KitchenClosed to reach the caller") {
            try button.withTapsPaused { throw KitchenClosed() }
        }
        #expect(button.isEnabled, "after a body that threw, the button stayed disabled; expected isEnabled restored to true")
        button.isEnabled = false
        _ = try? button.withTapsPaused { throw KitchenClosed() }
        #expect(!button.isEnabled, "after a body that threw, withTapsPaused enabled a button that was disabled before; expected it still disabled")
    }
}
