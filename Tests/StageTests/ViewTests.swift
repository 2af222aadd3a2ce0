import Foundation
import Synchronization
import Testing
@testable import Stage
import Diner

@Suite("A headless view")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct ViewTests {
    @Test("keeps its size when its centre moves")
    func centerMovesFrame() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        view.center = CGPoint(x: 100, y: 100)
        #expect(view.frame == CGRect(x: 80, y: 90, width: 40, height: 20))
    }

    @Test("clamps alpha between 0 and 1")
    func alphaIsClamped() {
        let view = View()
        view.alpha = 1.5
        #expect(view.alpha == 1)
        view.alpha = -0.2
        #expect(view.alpha == 0)
    }

    @Test("leaves its superview when removed, and only then")
    func removeFromSuperview() {
        let root = View(name: "root")
        let child = View(name: "child")
        root.addSubview(child)
        #expect(child.superview === root)
        #expect(root.subviews.count == 1)
        child.removeFromSuperview()
        #expect(child.superview == nil)
        #expect(root.subviews.isEmpty)
        child.removeFromSuperview()  // a second removal is harmless
        #expect(root.subviews.isEmpty)
    }

    @Test("moves to a new superview instead of appearing twice")
    func reparenting() {
        let first = View(name: "first"), second = View(name: "second"), child = View(name: "child")
        first.addSubview(child)
        second.addSubview(child)
        #expect(first.subviews.isEmpty)
        #expect(second.subviews.map(\.name) == ["child"])
    }

    @Test("prints its hierarchy with short numbers")
    func hierarchyDescription() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 320, height: 480), name: "root")
        let label = Label(frame: CGRect(x: 10, y: 10, width: 100, height: 20.5), name: "board")
        label.text = "Hi"
        root.addSubview(label)
        #expect(root.hierarchyDescription() == """
        root frame=(0, 0, 320, 480) alpha=1
          board frame=(10, 10, 100, 20.5) alpha=1 text="Hi"
        """)
    }
}

@Suite("A headless label")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct LabelTests {
    @Test("records every text and whether it was set on the main queue")
    func recordsQueue() async {
        let label = Label()
        label.text = "from the test, on the main actor"
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async {
                label.text = "from main"
                done.resume()
            }
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            // What only code the compiler cannot see can do now: the label records it.
            LegacyCode.async(on: DispatchQueue(label: "com.example.background")) {
                label.text = "from background"
                done.resume()
            }
        }
        #expect(label.history == ["from the test, on the main actor", "from main", "from background"])
        #expect(label.changes.map(\.onMainQueue) == [true, true, false])
        #expect(label.text == "from background")
    }
}

@Suite("A headless button")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct ButtonTests {
    @Test("runs its actions in order on a tap")
    func actionsInOrder() {
        let button = Button(title: "Add")
        let log = LockedLog()
        button.addAction { _ in log.append("first") }
        button.addAction { _ in log.append("second") }
        #expect(button.tap())
        #expect(log.entries == ["first", "second"])
    }

    @Test("ignores taps while disabled")
    func disabledIgnoresTaps() {
        let button = Button(title: "Remove")
        let log = LockedLog()
        button.addAction { _ in log.append("tapped") }
        button.isEnabled = false
        #expect(!button.tap())
        #expect(log.entries.isEmpty)
    }
}

/// A thread-safe list of strings for test closures to append to.
final class LockedLog: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ entry: String) { storage.withLock { $0.append(entry) } }
    var entries: [String] { storage.withLock { $0 } }
}
