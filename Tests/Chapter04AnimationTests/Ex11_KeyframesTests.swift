import Foundation
import Testing
import Stage
import Chapter04Animation

@Suite("Exercise 4.11: UIKit's own sequencer, on the stage")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct Ex11_KeyframesTests {
    /// The clockwise tour as four quarter keyframes, listed in `order` (indices of `Move.clockwise`).
    private func tour(in scene: ButtonScene, order: [Int] = [0, 1, 2, 3]) -> [Keyframe] {
        // The four corners, worked out first, as a keyframe tour does.
        var frames: [CGRect] = []
        let probe = ButtonScene()
        for move in Move.clockwise {
            probe.button.frame = move.target(for: probe.button, in: probe.container)
            frames.append(probe.button.frame)
        }
        return order.map { index in
            let frame = frames[index]
            return Keyframe(relativeStartTime: Double(index) / 4, relativeDuration: 0.25) { scene.button.frame = frame }
        }
    }

    private func starts(_ segments: [AnimationSegment]) -> [String] {
        segments.map { "\($0.start.stageText)+\($0.duration.stageText)" }
    }

    @Test("a tour of four quarter keyframes over 0.8 s moves at 0, 0.2, 0.4 and 0.6 s, 0.2 s each")
    func quarters() {
        let scene = ButtonScene()
        scene.animator.animateKeyframes(withDuration: 0.8, keyframes: tour(in: scene))
        scene.clock.runUntilIdle()
        let seen = starts(scene.animator.segments(of: scene.button, .frame))
        #expect(seen == ["0+0.2", "0.2+0.2", "0.4+0.2", "0.6+0.2"],
                "the button's moves started+lasted \(seen); expected 0+0.2, 0.2+0.2, 0.4+0.2, 0.6+0.2")
        #expect(scene.visitedPlaces == ["top-left", "top-right", "bottom-right", "bottom-left"],
                "the moves went to \(scene.visitedPlaces); expected top-left, top-right, bottom-right, bottom-left")
    }

    @Test("keyframes listed out of order start at their own times, not one after another")
    func outOfOrder() {
        let scene = ButtonScene()
        scene.animator.animateKeyframes(withDuration: 0.8, keyframes: tour(in: scene, order: [3, 1, 0, 2]))
        scene.clock.runUntilIdle()
        let seen = starts(scene.animator.segments(of: scene.button, .frame))
        #expect(seen == ["0+0.2", "0.2+0.2", "0.4+0.2", "0.6+0.2"],
                "the keyframes, listed as the 4th, 2nd, 1st and 3rd quarter, moved the button at \(seen); expected each quarter at its own start: 0+0.2, 0.2+0.2, 0.4+0.2, 0.6+0.2")
        #expect(scene.visitedPlaces == ["top-left", "top-right", "bottom-right", "bottom-left"],
                "the moves went to \(scene.visitedPlaces); expected top-left, top-right, bottom-right, bottom-left")
    }

    @Test("keyframes of different properties that overlap run side by side")
    func overlapping() {
        let scene = ButtonScene()
        let button = scene.button
        scene.animator.animateKeyframes(withDuration: 2, keyframes: [
            Keyframe(relativeStartTime: 0.25, relativeDuration: 0.5) { button.frame.origin.y = 20 },
            Keyframe(relativeStartTime: 0, relativeDuration: 1) { button.alpha = 0 },
        ])
        scene.clock.advance(to: 1)
        let fade = starts(scene.animator.segments(of: button, .alpha))
        let move = starts(scene.animator.segments(of: button, .frame))
        #expect(fade == ["0+2"] && move == ["0.5+1"],
                "at 1 s the fade had run \(fade) and the move \(move); expected the fade 0+2 and the move 0.5+1, both running")
    }

    @Test("the completion comes once, at the end of the whole duration, though the keyframes end before it")
    func completionAtTheEnd() {
        let scene = ButtonScene()
        let clock = scene.clock
        let calls = Calls()
        scene.animator.animateKeyframes(withDuration: 2, keyframes: [
            Keyframe(relativeStartTime: 0.5, relativeDuration: 0.25) { scene.button.alpha = 0.5 },
            Keyframe(relativeStartTime: 0, relativeDuration: 0.25) { scene.button.frame.origin.x = 200 },
        ]) { finished in
            calls.list.append("\(finished) at \(clock.now.stageText) s")
        }
        #expect(calls.list.isEmpty, "the completion ran before the clock moved: \(calls.list)")
        clock.runUntilIdle()
        #expect(calls.list == ["true at 2 s"],
                "the keyframes end at 0.5 and 1.5 s of a 2-s animation; the completion ran \(calls.list); expected once, true, at 2 s")
    }

    @Test("a keyframe that ends as the whole animation ends leaves the completion true")
    func lastKeyframeEndsAtTheEnd() {
        let scene = ButtonScene()
        let clock = scene.clock
        let calls = Calls()
        scene.animator.animateKeyframes(withDuration: 0.8, keyframes: tour(in: scene)) { finished in
            calls.list.append("\(finished) at \(clock.now.stageText) s")
        }
        clock.runUntilIdle()
        #expect(calls.list == ["true at 0.8 s"],
                "the last keyframe ends at 0.8 s, uncut; the completion ran \(calls.list); expected once, true, at 0.8 s")
    }

    @Test("a keyframe cut short makes the completion false, still once, at the end")
    func cutShort() {
        let scene = ButtonScene()
        let clock = scene.clock
        let calls = Calls()
        scene.animator.animateKeyframes(withDuration: 0.8, keyframes: tour(in: scene)) { finished in
            calls.list.append("\(finished) at \(clock.now.stageText) s")
        }
        clock.advance(to: 0.3)
        scene.animator.stopAnimations(of: scene.button)  // the second quarter, half way
        clock.runUntilIdle()
        #expect(calls.list == ["false at 0.8 s"],
                "the second keyframe was stopped at 0.3 s; the completion ran \(calls.list); expected once, false, at 0.8 s")
    }

    @Test("with no keyframes the completion still comes at the end of the duration, true")
    func noKeyframes() {
        let scene = ButtonScene()
        let clock = scene.clock
        let calls = Calls()
        scene.animator.animateKeyframes(withDuration: 0.5, keyframes: []) { finished in
            calls.list.append("\(finished) at \(clock.now.stageText) s")
        }
        clock.runUntilIdle()
        #expect(calls.list == ["true at 0.5 s"], "an empty keyframe animation of 0.5 s completed \(calls.list); expected once, true, at 0.5 s")
        #expect(scene.animator.timeline.isEmpty, "no keyframes, yet the timeline holds \(scene.animator.timeline)")
    }
}

/// What a completion reported, in order. On the main actor, where completions run.
@MainActor
private final class Calls {
    var list: [String] = []
}
