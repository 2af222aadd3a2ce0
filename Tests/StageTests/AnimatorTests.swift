import Foundation
import Testing
import Stage

@Suite("The animator")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct AnimatorTests {
    let container = View(frame: CGRect(x: 0, y: 0, width: 320, height: 480), name: "container")
    let box = View(frame: CGRect(x: 20, y: 416, width: 100, height: 44), name: "box")

    init() { container.addSubview(box) }

    @Test("sets the model value at once and records a segment for each changed property")
    func recordsSegments() {
        let animator = Animator()
        animator.animate(withDuration: 0.5) {
            box.center = CGPoint(x: 120, y: 100)
            box.alpha = 0
        } completion: { _ in }
        #expect(box.frame.origin == CGPoint(x: 70, y: 78))
        let segments = animator.timeline
        #expect(segments.map(\.property) == [.frame, .alpha])
        #expect(segments[0].from == .frame(CGRect(x: 20, y: 416, width: 100, height: 44)))
        #expect(segments[1].to == .alpha(0))
        #expect(segments.allSatisfy { $0.start == 0 && $0.duration == 0.5 && $0.interruptedAt == nil })
        #expect(segments[0].description == "0–0.5 s  box frame (20, 416, 100, 44) → (70, 78, 100, 44)")
    }

    @Test("calls completion from the clock when the animation ends, never from animate")
    func completionTiming() {
        let animator = Animator()
        let log = ClockLog()
        animator.animate(withDuration: 0.2) { box.alpha = 0.5 } completion: { log.append("done \($0) at \(animator.clock.now)") }
        #expect(log.entries.isEmpty)
        animator.clock.advance(by: 0.1)
        #expect(animator.presentationAlpha(of: box) == 0.75)
        animator.clock.advance(by: 0.1)
        #expect(log.entries == ["done true at 0.2"])
    }

    @Test("lets a newer animation of the same property replace a running one")
    func replacement() {
        let animator = Animator()
        let log = ClockLog()
        for (name, y) in [("first", 20.0), ("second", 200.0)] {
            animator.beginAnimations(name)
            animator.setAnimationDelegate(Recorder(log: log))
            box.frame.origin.y = y
            animator.commitAnimations()
        }
        animator.clock.runUntilIdle()
        #expect(log.entries == ["first finished=false", "second finished=true"])
        #expect(animator.timeline.map(\.interruptedAt) == [0, nil])
        // Only the second was on screen: it started from the first one's target.
        #expect(animator.path(of: box) == [CGPoint(x: 70, y: 42), CGPoint(x: 70, y: 222)])
    }

    @Test("stops an animation where it is, and a handle never stops a later one")
    func stopping() {
        let animator = Animator()
        let log = ClockLog()
        let first = animator.animate(withDuration: 0.2) { box.frame.origin.y = 16 } completion: { log.append("first \($0)") }
        animator.clock.advance(by: 0.1)
        first.stop()
        animator.clock.advance(by: 0)
        #expect(box.frame.origin.y == 216)
        #expect(!first.isRunning)
        animator.animate(withDuration: 0.2) { box.frame.origin.x = 200 } completion: { log.append("second \($0)") }
        first.stop()
        animator.clock.runUntilIdle()
        #expect(log.entries == ["first false", "second true"])
        #expect(box.frame.origin == CGPoint(x: 200, y: 216))
    }

    @Test("lets an animation stopped at the very moment it ends finish")
    func stopAtTheEnd() {
        let animator = Animator()
        let log = ClockLog()
        let handle = animator.animate(withDuration: 0.2) { box.alpha = 0 } completion: { log.append("finished=\($0)") }
        animator.clock.advance(to: 0.2)
        handle.stop()
        animator.clock.runUntilIdle()
        #expect(log.entries == ["finished=true"])
        #expect(box.alpha == 0)
    }

    @Test("hands the begin/commit context to the delegate")
    func contextReachesDelegate() {
        let animator = Animator()
        let log = ClockLog()
        animator.beginAnimations("move", context: "next: moveRight")
        animator.setAnimationDuration(0.5)
        animator.setAnimationDelegate(ContextRecorder(log: log))
        box.alpha = 0.5
        animator.commitAnimations()
        #expect(animator.timeline.first?.duration == 0.5)
        animator.clock.runUntilIdle()
        #expect(log.entries == ["move: next: moveRight"])
    }

    @Test("finishes an animation with nothing to animate at once")
    func emptyAnimation() async {
        let animator = Animator()
        let task = Task { await animator.animate(withDuration: 5) {} }
        let finished = await animator.clock.drive(task)
        #expect(finished == true)
        #expect(animator.clock.now == 0)
    }

    @Test("runs completions on the main queue, as UIKit does")
    func completionOnMain() {
        let animator = Animator()
        var ranOnMain: [Bool] = []
        animator.animate(withDuration: 0.2) { box.alpha = 0 } completion: { _ in ranOnMain.append(MainQueue.isCurrent) }
        animator.animate(withDuration: 0.1) { box.alpha = 1 } completion: { _ in ranOnMain.append(MainQueue.isCurrent) }
        animator.clock.runUntilIdle()
        #expect(ranOnMain == [true, true])
    }

    @Test("stops a handle's animation only, and leaves the view where the screen shows it")
    func handleStopsItsOwn() {
        let animator = Animator()
        let move = animator.animate(withDuration: 1) { box.frame.origin.x = 120 } completion: { _ in }
        let fade = animator.animate(withDuration: 1) { box.alpha = 0 } completion: { _ in }
        animator.clock.advance(by: 0.5)
        move.stop()
        animator.clock.advance(by: 0)  // the stopped animation's completion runs from the clock
        #expect(!move.isRunning && fade.isRunning)
        #expect(box.frame.origin.x == 70, "stopped half way from 20 to 120")
        animator.clock.runUntilIdle()
        #expect(box.alpha == 0)
    }

    @Test("draws a view's route as an SVG figure")
    func pathFigure() {
        let animator = Animator()
        animator.animate(withDuration: 0.2) { box.frame.origin.y = 20 } completion: { _ in }
        animator.clock.runUntilIdle()
        animator.animate(withDuration: 0.2) { box.frame.origin.x = 200 } completion: { _ in }
        animator.clock.runUntilIdle()
        let svg = animator.pathFigure(of: box, in: container, title: "The box's route").description
        #expect(svg.hasPrefix("<svg "))
        #expect(svg.contains(#"<polyline points="80,448 80,52 260,52""#))
        #expect(svg.contains("<title>The box&apos;s route</title>"))
    }
}

private final class Recorder: AnimationDelegate {
    let log: ClockLog
    init(log: ClockLog) { self.log = log }
    func animationDidStop(_ animationID: String?, finished: Bool, context: (any Sendable)?) {
        log.append("\(animationID ?? "?") finished=\(finished)")
    }
}

private final class ContextRecorder: AnimationDelegate {
    let log: ClockLog
    init(log: ClockLog) { self.log = log }
    func animationDidStop(_ animationID: String?, finished: Bool, context: (any Sendable)?) {
        log.append("\(animationID ?? "?"): \(context as? String ?? "no context")")
    }
}
