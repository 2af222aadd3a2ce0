import Dispatch

/// A stand-in for code the Swift 6 compiler cannot check: an Objective-C library, a
/// module still built in Swift 5 mode, an API imported with `@preconcurrency`. Such
/// code may call your main-actor closure from any queue, and nothing stops it at
/// compile time.
///
/// The stage's views are `@MainActor`, so Swift 6 code cannot set `label.text` off
/// the main actor: the compiler rejects it. `LegacyCode` is how a snippet or a test
/// shows the *second* layer — the runtime checks that catch what the compiler never
/// saw: the label's queue record, `dispatchPrecondition(condition: .onQueue(.main))`,
/// `MainActor.assumeIsolated`.
///
/// A Swift 6 app that hands a main-actor closure to such an API gets one more check it
/// did not write: the compiler starts the closure with a check of the actor (SE-0423),
/// and the program stops there. `LegacyCode` gets past it, as code built in Swift 5
/// mode or with `-disable-dynamic-actor-isolation` does, so that the label's record and
/// the checks you write yourself can be seen at work; the chapters say so.
public enum LegacyCode {
    /// Runs `body` on `queue`, although `body` belongs to the main actor, as a library
    /// the compiler cannot see into might. Never do this in your own code.
    public static func async(on queue: DispatchQueue, _ body: @escaping @MainActor () -> Void) {
        // A synchronous closure's isolation is not part of how it is called, so the
        // cast changes only what the compiler believes: exactly the legacy situation.
        let unchecked = unsafeBitCast(body, to: (@Sendable () -> Void).self)
        queue.async(execute: unchecked)
    }
}
