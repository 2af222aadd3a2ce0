import Testing
import Chapter01Blocks

// Hidden tests of exercise 1.6: run by the teacher's `workbook grade`, left out of a student release.
extension Ex6_ActionButtonTests {
    /// Catches ids taken from the number of actions (`ActionID(rawValue: actions.count)`):
    /// the visible tests never add an action after a removal, so an id handed out again
    /// goes unseen there; here the new action's id is the third action's too, and removing
    /// it removes both.
    @Test("an action added after a removal gets an id of its own")
    func idAfterRemoval() {
        let button = ActionButton(title: "Order")
        var log: [String] = []
        button.addAction { log.append("chalkboard") }
        let sound = button.addAction { log.append("sound") }
        button.addAction { log.append("buttons") }
        button.removeAction(sound)
        let late = button.addAction { log.append("late") }
        button.removeAction(late)
        button.tap()
        #expect(log == ["chalkboard", "buttons"],
                "after removing two actions, one of them added after the first removal, a tap ran \(log); expected [\"chalkboard\", \"buttons\"]: an id must never name two actions")
    }
}
