import Foundation
import Stage

/// One of the four moves of the seed's button.
public enum Move: String, CaseIterable, Sendable, CustomStringConvertible {
    case up, right, down, left

    /// How far the button stays from the container's edges, in points.
    public static let offset = 20.0

    /// Around the container clockwise, starting from the bottom-left corner.
    public static let clockwise: [Move] = [.up, .right, .down, .left]
    /// The same trip the other way round. Only the data differs.
    public static let counterClockwise: [Move] = [.right, .up, .left, .down]

    public var description: String { rawValue }

    /// The frame `button` has after this move: pressed against one side of
    /// `container`, `offset` points in, with its size and its other coordinate
    /// unchanged. `button` is a subview of `container`, so its frame is in the
    /// container's coordinates.
    @MainActor  // it reads the views' frames
    public func target(for button: View, in container: View, offset: Double = Move.offset) -> CGRect {
        // BEGIN SOLUTION
        // The button's frame is measured in the container's own coordinates — its
        // bounds — not in the container's frame, which is measured in *its* parent.
        let bounds = container.bounds
        var frame = button.frame
        // Absolute edges, not "current y minus a distance": a move that is made
        // twice, or from a different place, still ends at the edge.
        switch self {
        case .up: frame.origin.y = bounds.minY + offset
        case .down: frame.origin.y = bounds.maxY - offset - frame.height
        case .left: frame.origin.x = bounds.minX + offset
        case .right: frame.origin.x = bounds.maxX - offset - frame.width
        }
        return frame
        // STARTER:
        // button.frame  // replace: where does this move take the button?
        // END SOLUTION
    }
}
