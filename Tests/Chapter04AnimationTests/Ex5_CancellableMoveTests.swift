import Foundation
import Synchronization
import Testing
import Stage
import Chapter04Animation

@Suite("Exercise 4.5: Cancel a running sequence")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct Ex5_CancellableMoveTests {
    @Test("cancelling mid-move stops the button where it is and reports cancelled")
    func stopsWhereItIs() {
        let scene = ButtonScene()
        let events = Events()
        let cancel = cancellableMove(.up, in: scene)(nil, events.cancelled, events.done)
        scene.clock.advance(by: 0.1)
        cancel()
        scene.clock.runUntilIdle()
        #expect(scene.button.frame.origin == CGPoint(x: 20, y: 218),
                "cancelled half way up, the button should stay half way, at (20, 218); it is at \(scene.place(of: scene.button.frame))")
        #expect(scene.animator.timeline.first?.interruptedAt == 0.1, "the move should be cut at 0.1 s: \(scene.animator.timeline)")
        #expect(events.log == ["cancelled", "done cancelled"], "expected the cancelled handler, then done(.cancelled); got \(events.log)")
    }

    @Test("done is called exactly once, however often cancel is called")
    func doneOnce() {
        let scene = ButtonScene()
        let events = Events()
        let cancel = cancellableMove(.right, in: scene)(nil, nil, events.done)
        scene.clock.advance(by: 0.05)
        cancel()
        cancel()
        scene.clock.runUntilIdle()
        #expect(events.log == ["done cancelled"],
                "done must be called once; it was called \(events.log.count) times: \(events.log)")
    }

    @Test("cancelling after the move is over changes nothing")
    func cancelTooLate() {
        let scene = ButtonScene()
        let events = Events()
        let cancel = cancellableMove(.up, in: scene)(nil, events.cancelled, events.done)
        scene.clock.runUntilIdle()
        cancel()
        scene.clock.runUntilIdle()
        #expect(events.log == ["done finished"], "a finished move reports finished once, and a late cancel adds nothing: \(events.log)")
        #expect(scene.place(of: scene.button.frame) == "top-left", "the button should have reached the top-left corner")
    }

    @Test("cancelling a finished move never stops the move after it")
    func lateCancelSparesTheNextMove() {
        let scene = ButtonScene()
        let events = Events()
        let cancelUp = cancellableMove(.up, in: scene)(nil, nil, nil)
        scene.clock.runUntilIdle()
        _ = cancellableMove(.right, in: scene)(nil, nil, events.done)
        scene.clock.advance(by: 0.1)
        cancelUp()
        scene.clock.runUntilIdle()
        #expect(events.log == ["done finished"],
                "cancelling the finished move up stopped the move right: \(events.log). Stop only your own animation")
        #expect(scene.place(of: scene.button.frame) == "top-right", "the move right should reach the top-right corner")
    }

    @Test("a cancelled clockwise tour stops in its third move and goes no further")
    func cancelledTour() {
        let scene = ButtonScene()
        let events = Events()
        let cancel = sequence(Move.clockwise.map { cancellableMove($0, in: scene) })(events.progress, events.cancelled, events.done)
        scene.clock.advance(to: 0.5)
        cancel()
        scene.clock.runUntilIdle()
        let segments = scene.animator.timeline
        #expect(segments.count == 3, "three moves should have started before the cancel at 0.5 s, and no more after it: \(segments)")
        #expect(segments.last?.interruptedAt == 0.5, "the third move (down) should stop at 0.5 s: \(segments)")
        #expect(scene.button.frame.origin == CGPoint(x: 200, y: 218),
                "the button should stop half way down the right side, at (200, 218); it is at \(scene.place(of: scene.button.frame))")
        #expect(events.log == ["progress 1/4", "progress 2/4", "cancelled", "done cancelled"], "the events were \(events.log)")
    }
}

/// What the handlers were told, in order.
private final class Events: Sendable {
    private let entries = Mutex<[String]>([])
    var log: [String] { entries.withLock { $0 } }
    private func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var progress: ProgressHandler { { [self] in append("progress \($0)") } }
    var cancelled: CancelHandler { { [self] in append("cancelled") } }
    var done: DoneHandler { { [self] in append("done \($0)") } }
}
