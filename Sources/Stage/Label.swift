import Foundation

/// A headless `UILabel`: it keeps every text it was given, which queue set it, and
/// which texts the screen actually drew. `@MainActor`, as every `View` is.
///
/// The queue of every assignment is still recorded: the compiler checks Swift 6 code,
/// and this record catches what it cannot see (Swift 5 mode, `@preconcurrency`).
public final class Label: View {
    // `_changes`, `_drawn` and `_redrawPending` are guarded by the view's lock.
    private var _changes: [TextChange] = []
    private var _drawn: [String] = []
    private var _redrawPending = false

    /// One assignment to `text`.
    public struct TextChange: Equatable, Sendable, CustomStringConvertible {
        public var text: String
        /// Whether the assignment happened on the main queue, where UI belongs.
        public var onMainQueue: Bool
        /// The queue that made the assignment: `"main"`, a tracked queue's label, or
        /// `QueueName.untracked` (see `QueueName`).
        public var queue: String

        public init(text: String, onMainQueue: Bool, queue: String? = nil) {
            self.text = text
            self.onMainQueue = onMainQueue
            self.queue = queue ?? (onMainQueue ? QueueName.main : QueueName.untracked)
        }

        public var description: String {
            "\(text.debugDescription)\(onMainQueue ? "" : " (set off the main queue, on \(queue))")"
        }
    }

    public override init(frame: CGRect = .zero, name: String = "label") {
        super.init(frame: frame, name: name)
    }

    /// The text shown now; every assignment is recorded in `changes`.
    ///
    /// Like UIKit, the label does not draw at once: it asks for a redraw at the next
    /// turn of the main queue, and that redraw draws whatever the text is *then*.
    /// While a block keeps the main queue busy, nothing is drawn at all.
    public var text: String {
        get { withLock { _changes.last?.text ?? "" } }
        set {
            let change = TextChange(text: newValue, onMainQueue: MainQueue.isCurrent, queue: QueueName.current)
            let needsRedraw = withLock { () -> Bool in
                _changes.append(change)
                if _redrawPending { return false }  // one redraw per turn draws the latest text
                _redrawPending = true
                return true
            }
            if needsRedraw {
                DispatchQueue.main.async { self.redraw() }
            }
        }
    }

    private func redraw() {
        withLock {
            _redrawPending = false
            if let text = _changes.last?.text { _drawn.append(text) }
        }
    }

    /// Every text this label has shown, oldest first.
    public var changes: [TextChange] { withLock { _changes } }

    /// Just the texts, oldest first.
    public var history: [String] { changes.map(\.text) }

    /// The texts the screen drew, oldest first: what a customer could have seen.
    /// A text replaced before the main queue was free to draw it never appears here.
    public var drawnTexts: [String] { withLock { _drawn } }

    public override var summary: String { super.summary + " text=\(text.debugDescription)" }
}
