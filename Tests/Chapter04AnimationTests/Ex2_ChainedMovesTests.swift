import Foundation
import Synchronization
import Testing
import Stage
import Chapter04Animation

@Suite("Exercise 4.2: Chain the four moves with completions")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct Ex2_ChainedMovesTests {
    @Test("moves up, right, down and left, one after another, 0.2 s each")
    func clockwiseInOrder() {
        let scene = ButtonScene()
        clockwiseTour(in: scene)()
        scene.clock.runUntilIdle()
        let segments = scene.animator.segments(of: scene.button, .frame)
        #expect(scene.visitedPlaces == ["top-left", "top-right", "bottom-right", "bottom-left"],
                "the button went to \(scene.visitedPlaces); expected up to top-left, then top-right, bottom-right and back to bottom-left")
        #expect(segments.map(\.start) == [0, 0.2, 0.4, 0.6],
                "the moves started at \(segments.map(\.start)) s; each must start when the one before has ended")
        #expect(segments.allSatisfy { $0.duration == 0.2 && $0.interruptedAt == nil },
                "every move takes 0.2 s and none is cut short by the next: \(segments)")
    }

    @Test("moves nothing while the chain is only being built")
    func buildingIsNotRunning() {
        let scene = ButtonScene()
        let tour = clockwiseTour(in: scene)
        scene.clock.runUntilIdle()
        #expect(scene.animator.timeline.isEmpty,
                "building the chain already animated: \(scene.animator.timeline); animate inside the returned closure, not while making it")
        tour()
        scene.clock.runUntilIdle()
        #expect(scene.animator.timeline.count == 4, "calling the chain should make four moves, made \(scene.animator.timeline.count)")
    }

    @Test("calls completion once, when the last move has ended")
    func completionOnceAtTheEnd() {
        let scene = ButtonScene()
        let calls = Record<[Double]>([])
        clockwiseTour(in: scene) { calls.update { $0.append(scene.clock.now) } }()
        scene.clock.advance(to: 0.79)
        #expect(calls.value.isEmpty, "completion ran before the fourth move ended at 0.8 s")
        scene.clock.runUntilIdle()
        #expect(calls.value == [0.8], "completion should run once, at 0.8 s; it ran at \(calls.value)")
    }

    @Test("a step calls next only after its own animation ends")
    func stepWaits() {
        let scene = ButtonScene()
        let nextRan = Record(false)
        step(.up, in: scene) { nextRan.update { $0 = true } }()
        scene.clock.advance(by: 0.1)
        #expect(!nextRan.value, "next ran while the button was still moving up; call it from the completion")
        #expect(scene.animator.presentationFrame(of: scene.button).origin.y == 218,
                "half way through the move the button should be half way up, at y = 218")
        scene.clock.advance(by: 0.1)
        #expect(nextRan.value, "next should run when the 0.2 s move ends")
    }

    @Test("a step with no next just moves")
    func stepWithoutNext() {
        let scene = ButtonScene()
        step(.right, in: scene)()
        scene.clock.runUntilIdle()
        #expect(scene.visitedPlaces == ["bottom-right"], "a lone step right should end bottom-right, went to \(scene.visitedPlaces)")
    }
}

/// A value that test closures may update from any thread.
private final class Record<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value { storage.withLock { $0 } }
    func update(_ body: (inout Value) -> Void) { storage.withLock { body(&$0) } }
}
