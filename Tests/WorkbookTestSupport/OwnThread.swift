import Foundation

/// Runs blocking work — a compile, a child process — on a thread of its own and awaits it.
///
/// Swift Testing runs tests in parallel on Swift concurrency's shared pool, which has
/// one thread per core (two here). A synchronous test that compiles for two seconds
/// holds one of them, and tests elsewhere that wait for a callback starve and time
/// out. Blocking work in tests goes through here.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.start()
    }
}
