// Exercise 4.11: UIKit's own sequencer, on the stage.

import Stage

/// One part of a keyframe animation — UIKit's
/// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`: when it starts
/// and how long it lasts, both as fractions (0…1) of the whole animation's duration,
/// and the changes it animates.
public struct Keyframe: Sendable {
    public var relativeStartTime: Double
    public var relativeDuration: Double
    public var changes: @MainActor @Sendable () -> Void

    public init(relativeStartTime: Double, relativeDuration: Double,
                changes: @escaping @MainActor @Sendable () -> Void) {
        self.relativeStartTime = relativeStartTime
        self.relativeDuration = relativeDuration
        self.changes = changes
    }
}

extension Animator {
    /// UIKit's `animateKeyframes(withDuration:delay:options:animations:completion:)`, on
    /// the stage, which has no keyframes of its own: each keyframe is an animation of
    /// its own, started when this animator's clock reaches `relativeStartTime × duration`
    /// and lasting `relativeDuration × duration`, whatever the keyframes' order in the
    /// list. `completion` runs once, when the clock reaches `duration` — however early
    /// the keyframes end — with `true` unless a keyframe was cut short (stopped, or
    /// replaced by a newer animation of its property).
    public func animateKeyframes(withDuration duration: Double, keyframes: [Keyframe],
                                 completion: (@MainActor @Sendable (_ finished: Bool) -> Void)? = nil) {
        // BEGIN SOLUTION
        // A schedule, not a chain: every start time is known now, so each keyframe
        // gets its own timer, and none waits for another's completion.
        let cutShort = Locked(false)
        for keyframe in keyframes {
            clock.schedule(after: keyframe.relativeStartTime * duration) { [self] in
                MainActor.assumeIsolated {
                    _ = animate(withDuration: keyframe.relativeDuration * duration) {
                        keyframe.changes()
                    } completion: { finished in
                        if !finished { cutShort.withLock { $0 = true } }
                    }
                }
            }
        }
        // Scheduled before any keyframe starts, this runs before the completion of a
        // keyframe that ends at the same instant (the clock keeps the order things were
        // scheduled in): so it asks whether a keyframe was cut, never whether every
        // keyframe has reported yet — one ending just now has not.
        clock.schedule(after: duration) {
            MainActor.assumeIsolated {
                completion?(!cutShort.withLock { $0 })
            }
        }
        // STARTER:
        // // Start each keyframe at its own time on `clock`, animate it for its share of
        // // the duration, and call `completion` once, at the end of the whole animation.
        // completion?(true)
        // END SOLUTION
    }
}
