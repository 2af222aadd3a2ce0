// Exercise 4.9: Log the landings, in Swift 6.

import Foundation
import Stage
// BEGIN SOLUTION
import Synchronization
// STARTER:
// END SOLUTION

/// The names of the views whose flight has ended, in the order they ended.
// BEGIN SOLUTION
public final class LandingLog: Sendable {
    // Completions run from the animator's clock, on whatever thread moves it, so the
    // log is handed to `@Sendable` closures: its state needs one owner, a `Mutex`.
    private let names = Mutex<[String]>([])

    public init() {}

    public func record(_ name: String) {
        names.withLock { $0.append(name) }
    }

    public var landed: [String] { names.withLock { $0 } }
}
// STARTER:
// public final class LandingLog {
//     public private(set) var landed: [String] = []
//
//     public init() {}
//
//     public func record(_ name: String) {
//         landed.append(name)
//     }
// }
// END SOLUTION

/// Flies each of `views` to `target` over `duration` seconds, all at once, and records
/// each view's name in `log` when its flight ends — landed, or stopped on the way.
public func fly(_ views: [View], to target: CGPoint, duration: Double, animator: Animator, log: LandingLog) {
    for view in views {
        animator.animate(withDuration: duration) {
            view.center = target
        } completion: { _ in
            log.record(view.name)
        }
    }
}
