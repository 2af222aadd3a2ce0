import Foundation

/// A headless `UILabel`: it keeps every text it was given, and which queue set it.
public final class Label: View, @unchecked Sendable {
    // @unchecked: `_changes` is guarded by the view's lock.
    private var _changes: [TextChange] = []

    /// One assignment to `text`.
    public struct TextChange: Equatable, Sendable, CustomStringConvertible {
        public var text: String
        /// Whether the assignment happened on the main queue, where UI belongs.
        public var onMainQueue: Bool

        public init(text: String, onMainQueue: Bool) {
            self.text = text
            self.onMainQueue = onMainQueue
        }

        public var description: String {
            "\(text.debugDescription)\(onMainQueue ? "" : " (set off the main queue)")"
        }
    }

    public override init(frame: CGRect = .zero, name: String = "label") {
        super.init(frame: frame, name: name)
    }

    /// The text shown now; every assignment is recorded in `changes`.
    public var text: String {
        get { withLock { _changes.last?.text ?? "" } }
        set {
            let change = TextChange(text: newValue, onMainQueue: MainQueue.isCurrent)
            withLock { _changes.append(change) }
        }
    }

    /// Every text this label has shown, oldest first.
    public var changes: [TextChange] { withLock { _changes } }

    /// Just the texts, oldest first.
    public var history: [String] { changes.map(\.text) }

    public override var summary: String { super.summary + " text=\(text.debugDescription)" }
}
