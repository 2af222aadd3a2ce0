import Foundation
import Stage

/// Makes `moves` one after another with `async`/`await`, each over
/// `ButtonScene.stepDuration`, and returns `.finished`.
///
/// When the task running it is cancelled, the move in flight stops where it is,
/// no later move starts (nor any move at all, if the task was cancelled before
/// it began), and it returns `.cancelled`.
public func tourAsync(_ moves: [Move], in scene: ButtonScene) async -> Outcome {
    // BEGIN SOLUTION
    for move in moves {
        // Cancelled before this move? Then start nothing more.
        if Task.isCancelled { return .cancelled }
        let finished = await withTaskCancellationHandler {
            await scene.animator.animate(withDuration: ButtonScene.stepDuration) {
                scene.button.frame = move.target(for: scene.button, in: scene.container)
            }
        } onCancel: {
            // Runs at once on the cancelling thread, while we are suspended in
            // the await above: stop the move in flight, and the await returns false.
            scene.animator.stopAnimations(of: scene.button)
        }
        if !finished { return .cancelled }
    }
    return .finished
    // STARTER:
    // .finished  // replace: await each move in turn, and honour cancellation
    // END SOLUTION
}
