import Foundation
import Stage

/// One move as an asynchronous operation that can be cancelled.
///
/// * It animates `move` over `ButtonScene.stepDuration` and reports `.finished`.
/// * Its cancel closure stops the button where it is; then `cancelled` is called
///   and `done` reports `.cancelled`.
/// * `done` is called exactly once, however often cancel is called; cancelling
///   after the move is over changes nothing — and never stops a later move.
public func cancellableMove(_ move: Move, in scene: ButtonScene) -> AsyncOperation {
    // BEGIN SOLUTION
    return { _, cancelled, done in
        // A move touches the UI, and an `AsyncOperation` may be called from anywhere:
        // `assumeIsolated` checks at run time that this one runs on the main actor.
        MainActor.assumeIsolated {
            // Keep the handle of *this* animation: `stopAnimations(of: button)` would
            // also stop whatever move runs after this one has ended.
            let animation = scene.animator.animate(withDuration: ButtonScene.stepDuration) {
                scene.button.frame = move.target(for: scene.button, in: scene.container)
            } completion: { finished in
                // The animator calls this exactly once — at the end, or when stopped —
                // so `done` is called here and nowhere else.
                if !finished { cancelled?() }
                done?(finished ? .finished : .cancelled)
            }
            return { MainActor.assumeIsolated { animation.stop() } }
        }
    }
    // STARTER:
    // moveOperation(move, in: scene)  // replace: make cancel stop the animation where it is
    // END SOLUTION
}
