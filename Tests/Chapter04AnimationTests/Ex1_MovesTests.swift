import Foundation
import Testing
import Stage
import Chapter04Animation

@Suite("Exercise 4.1: Where each move ends")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct Ex1_MovesTests {
    /// The container is 320 × 480, the button 100 × 44 and starts bottom-left at (20, 416).
    nonisolated static let expected: [(Move, CGPoint)] = [
        (.up, CGPoint(x: 20, y: 20)),
        (.right, CGPoint(x: 200, y: 416)),
        (.down, CGPoint(x: 20, y: 416)),
        (.left, CGPoint(x: 20, y: 416)),
    ]

    @Test("takes the button 20 points from the edge it moves to", arguments: expected)
    func eachMove(move: Move, origin: CGPoint) {
        let scene = ButtonScene()
        let target = move.target(for: scene.button, in: scene.container)
        #expect(target.origin == origin,
                "moving \(move) from (20, 416) should end at (\(origin.x.stageText), \(origin.y.stageText)); got (\(target.origin.x.stageText), \(target.origin.y.stageText))")
        #expect(target.size == CGSize(width: 100, height: 44), "a move never changes the button's size")
    }

    @Test("works out the target without moving the button")
    func doesNotMove() {
        let scene = ButtonScene()
        let up = Move.up.target(for: scene.button, in: scene.container)
        #expect(up.origin.y == 20, "up should end at y = 20, got \(up.origin.y.stageText)")
        #expect(scene.button.frame.origin == CGPoint(x: 20, y: 416),
                "target(for:in:) only computes a frame; the animation is what moves the button")
    }

    @Test("measures in the container's bounds, not in its frame")
    func usesBounds() {
        // A container that sits somewhere in the window: its frame's origin is not zero,
        // but its subviews' frames are measured from its own top-left corner.
        let container = View(frame: CGRect(x: 50, y: 100, width: 320, height: 480), name: "container")
        let button = View(frame: CGRect(x: 20, y: 416, width: 100, height: 44), name: "button")
        container.addSubview(button)
        let up = Move.up.target(for: button, in: container)
        let right = Move.right.target(for: button, in: container)
        #expect(up.origin.y == 20,
                "the container's frame starts at y = 100 in its window, but the button lives in the container's own coordinates: up is y = 20, got \(up.origin.y.stageText)")
        #expect(right.origin.x == 200, "right is x = 320 − 20 − 100 = 200 in the container's coordinates, got \(right.origin.x.stageText)")
    }

    @Test("lands at the edge whatever the starting place, so a move made twice stays put", arguments: Move.allCases)
    func idempotent(move: Move) {
        let scene = ButtonScene()
        scene.button.frame = CGRect(x: 110, y: 218, width: 100, height: 44)  // the middle
        scene.button.frame = move.target(for: scene.button, in: scene.container)
        let again = move.target(for: scene.button, in: scene.container)
        #expect(scene.button.frame.origin != CGPoint(x: 110, y: 218), "moving \(move) from the middle should reach an edge")
        #expect(again == scene.button.frame,
                "moving \(move) a second time went from \(scene.place(of: scene.button.frame)) to \(scene.place(of: again)); compute the edge itself, not the current position plus a distance")
    }

    @Test("follows the container's size and the offset it is given")
    func otherSizes() {
        let scene = ButtonScene(width: 200, height: 300, buttonSize: CGSize(width: 50, height: 30))
        let down = Move.down.target(for: scene.button, in: scene.container, offset: 5)
        let right = Move.right.target(for: scene.button, in: scene.container, offset: 5)
        #expect(down.origin.y == 265, "down in a 300-point-high container, 5 points in, with a 30-point button: y = 265, got \(down.origin.y.stageText)")
        #expect(right.origin.x == 145, "right in a 200-point-wide container, 5 points in, with a 50-point button: x = 145, got \(right.origin.x.stageText)")
    }
}
