// Scenes the chapter's exercises share. No solution markers here: learners use
// these, they do not write them.
import Foundation
import Diner
import Stage

/// The seed's screen: a 320 × 480 container with a 100 × 44 button that starts in
/// the bottom-left corner, 20 points from both edges, and an animator on a
/// virtual clock that moves it. `@MainActor`, as a view controller is.
@MainActor
public final class ButtonScene {
    /// How long one move takes, as in the seed: 0.2 s.
    public static let stepDuration = 0.2

    public let container: View
    public let button: Button
    public let animator: Animator

    /// The clock that drives `animator`: nothing moves until it is advanced.
    public var clock: VirtualClock { animator.clock }

    public init(width: Double = 320, height: Double = 480,
                buttonSize: CGSize = CGSize(width: 100, height: 44)) {
        container = View(frame: CGRect(x: 0, y: 0, width: width, height: height), name: "container")
        button = Button(title: "button", frame: CGRect(
            x: Move.offset, y: height - Move.offset - buttonSize.height,
            width: buttonSize.width, height: buttonSize.height))
        container.addSubview(button)
        animator = Animator()
    }

    /// Names a button frame by the corner it sits in (`"top-left"` …), or prints
    /// its origin when it is in no corner. Makes timelines easy to read.
    public func place(of frame: CGRect) -> String {
        let bounds = container.bounds
        let left = frame.minX == bounds.minX + Move.offset
        let right = frame.maxX == bounds.maxX - Move.offset
        let top = frame.minY == bounds.minY + Move.offset
        let bottom = frame.maxY == bounds.maxY - Move.offset
        switch (top, bottom, left, right) {
        case (true, _, true, _): return "top-left"
        case (true, _, _, true): return "top-right"
        case (_, true, true, _): return "bottom-left"
        case (_, true, _, true): return "bottom-right"
        default: return "(\(frame.origin.x.stageText), \(frame.origin.y.stageText))"
        }
    }

    /// Where each of the button's animations was headed, in order.
    public var visitedPlaces: [String] {
        animator.segments(of: button, .frame).compactMap(\.to.frameValue).map(place(of:))
    }
}

/// The diner's screen from the seed's last step: a chalkboard, the picture of
/// the current item, and the "+" and "−" buttons, on an animator of its own.
@MainActor
public final class DinerScreen {
    public let root: View
    public let chalkboard: Label
    public let picture: View
    public let addButton: Button
    public let removeButton: Button
    public let animator: Animator

    public var clock: VirtualClock { animator.clock }

    public init() {
        root = View(frame: CGRect(x: 0, y: 0, width: 320, height: 480), name: "screen")
        chalkboard = Label(frame: CGRect(x: 20, y: 40, width: 280, height: 160), name: "chalkboard")
        picture = View(frame: CGRect(x: 110, y: 260, width: 100, height: 100), name: "picture")
        addButton = Button(title: "+", frame: CGRect(x: 40, y: 400, width: 100, height: 44))
        removeButton = Button(title: "−", frame: CGRect(x: 180, y: 400, width: 100, height: 44))
        for view in [chalkboard, picture, addButton, removeButton] { root.addSubview(view) }
        animator = Animator()
    }
}
