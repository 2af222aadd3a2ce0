import Foundation
import Synchronization
import Testing
import Stage
import Chapter04Animation

@Suite("Exercise 4.3: The order is data")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct Ex3_MoveListTests {
    nonisolated static let lists: [[Move]] = [Move.clockwise, Move.counterClockwise, [.right, .left, .up]]
    nonisolated static let places: [[String]] = [
        ["top-left", "top-right", "bottom-right", "bottom-left"],
        ["bottom-right", "top-right", "top-left", "bottom-left"],
        ["bottom-right", "bottom-left", "top-left"],
    ]

    @Test("makes the moves in the order of the list", arguments: zip(lists, places))
    func followsTheList(moves: [Move], expected: [String]) {
        let scene = ButtonScene()
        tour(moves, in: scene)()
        scene.clock.runUntilIdle()
        #expect(scene.visitedPlaces == expected,
                "for \(moves) the button went to \(scene.visitedPlaces); expected \(expected)")
        let starts = scene.animator.timeline.map(\.start)
        #expect(starts == moves.indices.map { Double($0) * 2 / 10 },
                "the moves started at \(starts) s; each must wait for the one before")
    }

    @Test("goes counter-clockwise by starting to the right, not by running the list backwards")
    func notReversed() {
        let scene = ButtonScene()
        tour(Move.counterClockwise, in: scene)()
        scene.clock.runUntilIdle()
        #expect(scene.visitedPlaces.first == "bottom-right",
                "the first move of [right, up, left, down] is right; the button first went to \(scene.visitedPlaces.first ?? "nowhere"); the moves ran as \(scene.visitedPlaces)")
    }

    @Test("an empty list moves nothing and still calls completion, once")
    func emptyList() {
        let scene = ButtonScene()
        let calls = Record(0)
        tour([], in: scene) { calls.update { $0 += 1 } }()
        scene.clock.runUntilIdle()
        #expect(scene.animator.timeline.isEmpty, "an empty list should not move the button")
        #expect(calls.value == 1, "completion should be called once, was called \(calls.value) times")
    }

    @Test("the same move twice waits for the first, and calls completion at the very end")
    func repeatedMove() {
        let scene = ButtonScene()
        let doneAt = Record<[Double]>([])
        tour([.up, .up], in: scene) { doneAt.update { $0.append(scene.clock.now) } }()
        scene.clock.runUntilIdle()
        #expect(scene.animator.timeline.map(\.start) == [0, 0.2], "the second move up must start when the first ends")
        #expect(doneAt.value == [0.4], "completion should run once at 0.4 s, ran at \(doneAt.value)")
    }
}

/// A value that test closures may update from any thread.
private final class Record<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value { storage.withLock { $0 } }
    func update(_ body: (inout Value) -> Void) { storage.withLock { body(&$0) } }
}
