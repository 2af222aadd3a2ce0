import Foundation
import Testing
import Stage
import Chapter04Animation

@Suite("Exercise 4.7: The tour with async/await")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct Ex7_AsyncTourTests {
    nonisolated static let lists: [[Move]] = [Move.clockwise, Move.counterClockwise]
    nonisolated static let places: [[String]] = [
        ["top-left", "top-right", "bottom-right", "bottom-left"],
        ["bottom-right", "top-right", "top-left", "bottom-left"],
    ]

    @Test("makes the moves in order, each after the one before, and finishes", arguments: zip(lists, places))
    func inOrder(moves: [Move], expected: [String]) async {
        let scene = ButtonScene()
        let task = Task { await tourAsync(moves, in: scene) }
        let outcome = await scene.clock.drive(task)
        #expect(outcome == .finished, "the tour should finish, returned \(outcome.map(\.description) ?? "nothing")")
        #expect(scene.visitedPlaces == expected, "the button went to \(scene.visitedPlaces); expected \(expected)")
        #expect(scene.animator.timeline.map(\.start) == [0, 0.2, 0.4, 0.6],
                "the moves started at \(scene.animator.timeline.map(\.start)) s; await each move before starting the next")
    }

    @Test("stops the move in flight at once when the task is cancelled")
    func cancelMidway() async {
        let scene = ButtonScene()
        let task = Task { await tourAsync(Move.clockwise, in: scene) }
        await scene.clock.drive(task, until: 0.5)
        task.cancel()
        let outcome = await scene.clock.drive(task)
        let segments = scene.animator.timeline
        #expect(outcome == .cancelled, "a cancelled tour returns .cancelled, returned \(outcome.map(\.description) ?? "nothing")")
        #expect(segments.count == 3, "no move may start after the cancel: \(segments)")
        #expect(segments.last?.interruptedAt == 0.5,
                "the third move should stop at 0.5 s, when the task was cancelled; the moves were \(segments)")
        #expect(scene.button.frame.origin == CGPoint(x: 200, y: 218),
                "the button should stop half way down the right side, at (200, 218); it is at \(scene.place(of: scene.button.frame))")
    }

    @Test("returns .cancelled when the task is cancelled during the last move")
    func cancelDuringLastMove() async {
        let scene = ButtonScene()
        let task = Task { await tourAsync(Move.clockwise, in: scene) }
        await scene.clock.drive(task, until: 0.7)
        task.cancel()
        let outcome = await scene.clock.drive(task)
        let segments = scene.animator.timeline
        #expect(outcome == .cancelled,
                "the tour was cancelled at 0.7 s, half way through its last move, and returned \(outcome.map(\.description) ?? "nothing"); a move stopped by the cancel means .cancelled, even when no move is left")
        #expect(segments.count == 4 && segments.last?.interruptedAt == 0.7,
                "the last move should stop at 0.7 s, when the task was cancelled: \(segments)")
    }

    @Test("moves nothing when the task is cancelled before it begins")
    func cancelledBeforeStart() async {
        let scene = ButtonScene()
        let task = Task { () -> Outcome in
            withUnsafeCurrentTask { $0?.cancel() }
            return await tourAsync(Move.clockwise, in: scene)
        }
        let outcome = await scene.clock.drive(task)
        #expect(outcome == .cancelled, "a task cancelled before the tour begins gets .cancelled, got \(outcome.map(\.description) ?? "nothing")")
        #expect(scene.animator.timeline.isEmpty, "the task was cancelled before the tour began, yet the button moved \(scene.visitedPlaces)")
    }

    @Test("an empty list finishes at once without moving")
    func emptyList() async {
        let scene = ButtonScene()
        let task = Task { await tourAsync([], in: scene) }
        let outcome = await scene.clock.drive(task)
        #expect(outcome == .finished, "an empty tour has nothing to do and finishes, returned \(outcome.map(\.description) ?? "nothing")")
        #expect(scene.animator.timeline.isEmpty && scene.clock.now == 0, "an empty tour should not move or take time")
    }
}
