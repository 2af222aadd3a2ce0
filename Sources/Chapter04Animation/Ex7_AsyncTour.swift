import Foundation
import Stage

/// Makes `moves` one after another with `async`/`await`, each over
/// `ButtonScene.stepDuration`, and returns `.finished`.
///
/// When the task running it is cancelled, the move in flight stops where it is,
/// no later move starts (nor any move at all, if the task was cancelled before
/// it began), and it returns `.cancelled`.
@MainActor
public func tourAsync(_ moves: [Move], in scene: ButtonScene) async -> Outcome {
    // BEGIN SOLUTION
    for move in moves {
        // Cancelled before this move? Then start nothing more.
        if Task.isCancelled { return .cancelled }
        let inFlight = MoveInFlight()
        let finished = await withTaskCancellationHandler {
            // The completion-handler form, inside a continuation, because it hands
            // back this move's handle; `await animate(…)` would not.
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                inFlight.handle = scene.animator.animate(withDuration: ButtonScene.stepDuration) {
                    scene.button.frame = move.target(for: scene.button, in: scene.container)
                } completion: { finished in
                    continuation.resume(returning: finished)
                }
            }
        } onCancel: {
            // Runs on whichever thread cancels the task, so it may not touch the UI
            // itself: it hops to the main actor, and stops this move only (never
            // `stopAnimations(of:)`, which would stop any animation of the button).
            Task { @MainActor in inFlight.stop() }
        }
        if !finished { return .cancelled }
    }
    return .finished
    // STARTER:
    // .finished  // replace: await each move in turn, and honour cancellation
    // END SOLUTION
}

// BEGIN SOLUTION
/// The handle of the move that is running, shared with the cancellation handler.
/// Main-actor isolated, hence `Sendable`: the handler may hold it from any thread.
@MainActor
private final class MoveInFlight {
    var handle: AnimationHandle?

    /// Stops the move where it is; does nothing once it has ended.
    func stop() { handle?.stop() }
}
// STARTER:
// END SOLUTION
