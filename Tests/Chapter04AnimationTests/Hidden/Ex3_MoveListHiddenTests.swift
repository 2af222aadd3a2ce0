import Synchronization
import Testing
import Stage
import Chapter04Animation

// Hidden tests of exercise 4.3: run by the teacher's `workbook grade`, left out of a student release.
extension Ex3_MoveListTests {
    /// Catches a tour that starts moving (or calls completion) when `tour(_:in:)` builds
    /// it, returning a closure that does nothing: the visible tests always call the chain
    /// at once, so they cannot tell building it from running it.
    @Test("building the chain moves nothing until it is called")
    func nothingUntilCalled() {
        let scene = ButtonScene()
        let calls = Mutex(0)
        let chain = tour(Move.clockwise, in: scene) { calls.withLock { $0 += 1 } }
        let empty = tour([], in: scene) { calls.withLock { $0 += 1 } }
        scene.clock.runUntilIdle()
        #expect(scene.animator.timeline.isEmpty && calls.withLock { $0 } == 0,
                "before the chains were called the button made \(scene.animator.timeline.count) moves and completion ran \(calls.withLock { $0 }) times; expected nothing yet")
        chain()
        empty()
        scene.clock.runUntilIdle()
        #expect(scene.visitedPlaces == ["top-left", "top-right", "bottom-right", "bottom-left"],
                "once called, the clockwise chain went to \(scene.visitedPlaces)")
        #expect(calls.withLock { $0 } == 2, "once both chains were called, completion ran \(calls.withLock { $0 }) times; expected once each")
    }
}
