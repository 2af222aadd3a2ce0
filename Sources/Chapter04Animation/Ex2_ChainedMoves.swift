import Foundation
import Stage

/// Returns a closure that, *when it is called*, animates `move` of the scene's
/// button over `ButtonScene.stepDuration` and, once that animation has ended,
/// calls `next`. Making the closure moves nothing.
///
/// This is the seed's `animationBlockWithAnimations:completion:`.
@MainActor
public func step(
    _ move: Move, in scene: ButtonScene, then next: (@MainActor () -> Void)? = nil
) -> @MainActor () -> Void {
    // BEGIN SOLUTION
    // Nothing happens here: the closure captures the move, the scene and `next`,
    // and waits to be called.
    return {
        scene.animator.animate(withDuration: ButtonScene.stepDuration) {
            scene.button.frame = move.target(for: scene.button, in: scene.container)
        } completion: { _ in
            // Runs when the move has ended — the only safe moment to start the next.
            next?()
        }
    }
    // STARTER:
    // return { next?() }  // replace: animate the move first, then call `next`
    // END SOLUTION
}

/// Builds the clockwise tour — up, right, down, left — as one chain of steps
/// that calls `completion` after the last move. Calling the result starts it.
@MainActor
public func clockwiseTour(
    in scene: ButtonScene, completion: (@MainActor () -> Void)? = nil
) -> @MainActor () -> Void {
    // BEGIN SOLUTION
    // Built from the inside out: each step needs the step that follows it, so
    // the last move is made first.
    let moveLeft = step(.left, in: scene, then: completion)
    let moveDown = step(.down, in: scene, then: moveLeft)
    let moveRight = step(.right, in: scene, then: moveDown)
    return step(.up, in: scene, then: moveRight)
    // STARTER:
    // step(.up, in: scene, then: completion)  // replace: chain all four moves
    // END SOLUTION
}
