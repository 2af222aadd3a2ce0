import Foundation
import Synchronization

/// A headless stand-in for `UIView`: a rectangle with a position, an opacity and a
/// place in a view hierarchy. Nothing is drawn; everything is recorded, so tests
/// and snippets can say what the screen would have shown.
///
/// Like `UIView` (a `@MainActor` class in the SDK), a stage view belongs to the main
/// actor: in Swift 6 mode, touching one from another queue is a compile error. The
/// lock stays as the second layer, for code the compiler cannot see (a Swift 5 mode
/// caller, an `@preconcurrency` import): such a wrong-queue update must stay
/// *observable* (the label records its queue), never a data race in the stage.
@MainActor
open class View {
    // Guards every stored property below, for callers that bypass the main actor.
    private let lock = NSRecursiveLock()
    private var _frame: CGRect
    private var _alpha: Double = 1
    private weak var _superview: View?
    private var _subviews: [View] = []

    /// A name used when the stage prints itself (`"button"`, `"+1"`).
    public let name: String

    public init(frame: CGRect = .zero, name: String = "view") {
        self._frame = frame
        self.name = name
    }

    /// Runs `body` while holding this view's lock.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    public var frame: CGRect {
        get { withLock { _frame } }
        set {
            let old = withLock { defer { _frame = newValue }; return _frame }
            Animator.viewDidChange(self, from: .frame(old), to: .frame(newValue))  // animation hook
        }
    }

    /// The frame's size at the origin, as `UIView.bounds` is by default.
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

    /// The centre of the frame; setting it moves the frame, keeping its size.
    public var center: CGPoint {
        get { let f = frame; return CGPoint(x: f.midX, y: f.midY) }
        set {
            let (old, new) = withLock {
                let old = _frame
                _frame.origin = CGPoint(
                    x: newValue.x - _frame.width / 2,
                    y: newValue.y - _frame.height / 2
                )
                return (old, _frame)
            }
            Animator.viewDidChange(self, from: .frame(old), to: .frame(new))  // animation hook
        }
    }

    /// Opacity from 0 (invisible) to 1 (opaque).
    public var alpha: Double {
        get { withLock { _alpha } }
        set {
            let new = min(1, max(0, newValue))
            let old = withLock { defer { _alpha = new }; return _alpha }
            Animator.viewDidChange(self, from: .alpha(old), to: .alpha(new))  // animation hook
        }
    }

    public var superview: View? { withLock { _superview } }

    public var subviews: [View] { withLock { _subviews } }

    /// Adds `view` on top of this view's subviews, moving it from any other superview.
    public func addSubview(_ view: View) {
        precondition(view !== self, "a view cannot be its own subview")
        view.removeFromSuperview()
        withLock { _subviews.append(view) }
        view.withLock { view._superview = self }
    }

    /// Detaches this view from its superview; does nothing when it has none.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.withLock { parent._subviews.removeAll { $0 === self } }
        withLock { _superview = nil }
    }

    /// This view and everything below it, depth first, one line a view.
    public func hierarchyDescription(indent: String = "") -> String {
        var lines = ["\(indent)\(summary)"]
        for child in subviews {
            lines.append(child.hierarchyDescription(indent: indent + "  "))
        }
        return lines.joined(separator: "\n")
    }

    /// One line: name, frame and alpha, with whole numbers printed without decimals.
    open var summary: String {
        let f = frame
        return "\(name) frame=(\(f.origin.x.stageText), \(f.origin.y.stageText), "
            + "\(f.width.stageText), \(f.height.stageText)) alpha=\(alpha.stageText)"
    }
}

extension BinaryFloatingPoint {
    /// `20` for 20.0, `0.5` for 0.5: stage output stays short and stable.
    public var stageText: String {
        let value = Double(self)
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return String(format: "%.3g", value)
    }
}
