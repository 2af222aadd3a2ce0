import Foundation

/// A headless `UIButton`: a title, an enabled flag, and actions that run on `tap()`.
///
/// An action is a main-actor closure, as a `UIAction` handler is (`UIAction` is a
/// `@MainActor` class and UIKit calls its handler on the main thread): it may touch
/// views and capture main-actor state, and it is not `@Sendable`, because it never
/// leaves the main actor.
public final class Button: View {
    // The stored properties are guarded by the view's lock.
    private var _title: String
    private var _isEnabled = true
    private var _actions: [@MainActor (Button) -> Void] = []

    public init(title: String, frame: CGRect = .zero) {
        self._title = title
        super.init(frame: frame, name: title)
    }

    public var title: String {
        get { withLock { _title } }
        set { withLock { _title = newValue } }
    }

    public var isEnabled: Bool {
        get { withLock { _isEnabled } }
        set { withLock { _isEnabled = newValue } }
    }

    /// Registers `action` to run on every tap, after the actions added before it.
    /// The button keeps the closure (it escapes): capture `self` weakly in it.
    public func addAction(_ action: @escaping @MainActor (Button) -> Void) {
        withLock { _actions.append(action) }
    }

    /// Simulates a tap: runs the actions in order, unless the button is disabled.
    /// Returns whether the tap was delivered.
    @discardableResult
    public func tap() -> Bool {
        let (enabled, actions) = withLock { (_isEnabled, _actions) }
        guard enabled else { return false }
        for action in actions { action(self) }
        return true
    }

    public override var summary: String {
        super.summary + " title=\(title.debugDescription) enabled=\(isEnabled)"
    }
}
