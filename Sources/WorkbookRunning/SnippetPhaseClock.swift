import Foundation
import Synchronization

/// Seconds a snippet runner has spent building programs and running snippets, so that
/// `WORKBOOK_TIMINGS=1 workbook run N` can say where a chapter's time went. Work done on
/// several processors at once is summed: these are busy seconds, not elapsed ones.
final class SnippetPhaseClock: Sendable {
    struct Totals: Sendable, Equatable {
        var building: Double = 0
        var running: Double = 0
    }

    private let totals = Mutex(Totals())

    var now: Totals { totals.withLock { $0 } }

    /// `body`'s result; its duration is added to `phase`.
    func time<T>(_ phase: WritableKeyPath<Totals, Double>, _ body: () throws -> T) rethrows -> T {
        let start = Date()
        defer {
            let seconds = Date().timeIntervalSince(start)
            totals.withLock { $0[keyPath: phase] += seconds }
        }
        return try body()
    }
}
