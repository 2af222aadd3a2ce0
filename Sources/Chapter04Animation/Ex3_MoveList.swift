import Foundation
import Stage

/// Builds one chain that makes `moves` in the order given, one after another,
/// then calls `completion`. Calling the result starts it. An empty list moves
/// nothing and calls `completion` straight away.
///
/// With it, counter-clockwise is `tour(Move.counterClockwise, in: scene)`: a
/// change of data, not of code.
@MainActor
public func tour(
    _ moves: [Move], in scene: ButtonScene, completion: (@MainActor () -> Void)? = nil
) -> @MainActor () -> Void {
    // BEGIN SOLUTION
    let finish: @MainActor () -> Void = { completion?() }
    // Fold from the end of the list: the chain for [a, b, c] is step a, then the
    // chain for [b, c]. Folding from the front would run the moves backwards.
    return moves.reversed().reduce(finish) { next, move in
        step(move, in: scene, then: next)
    }
    // STARTER:
    // clockwiseTour(in: scene, completion: completion)  // replace: follow `moves`, not a fixed order
    // END SOLUTION
}
