import Foundation
import Stage

/// The diner's "+1" and "−1" badges.
public enum Badge {
    /// Every badge is this big.
    public static let size = CGSize(width: 60, height: 40)
    /// A badge flies and fades for one second.
    public static let flightDuration = 1.0
}

/// Shows a badge with `text` ("+1", "−1") centred on `source`, adds it to `root`,
/// then over `Badge.flightDuration` moves its centre to `target`'s centre while
/// it fades out, and removes it from `root` when the animation ends — however it
/// ends, so nothing is left in the view hierarchy. Returns the badge.
/// `source` and `target` are subviews of `root`.
@MainActor
@discardableResult
public func flyBadge(
    _ text: String, from source: View, to target: View, in root: View, animator: Animator
) -> Label {
    // BEGIN SOLUTION
    let badge = Label(frame: CGRect(origin: .zero, size: Badge.size), name: text)
    badge.text = text
    badge.center = source.center  // before it is animated: this is where it starts
    root.addSubview(badge)
    animator.animate(withDuration: Badge.flightDuration) {
        // Both changes in the block, so both are animated together.
        badge.center = target.center
        badge.alpha = 0
    } completion: { _ in
        // Finished or stopped, the badge goes: an invisible label left on screen
        // is a leak that no one will ever see.
        badge.removeFromSuperview()
    }
    return badge
    // STARTER:
    // let badge = Label(frame: CGRect(origin: .zero, size: Badge.size), name: text)
    // badge.text = text
    // return badge  // replace: show it, fly it, fade it, and remove it when it lands
    // END SOLUTION
}
