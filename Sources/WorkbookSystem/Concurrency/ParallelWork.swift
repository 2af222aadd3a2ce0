/// CPU work that splits by chapter — parsing the chapters, rendering them — spread over
/// the processors. It runs on `BlockingLanes`' threads of its own, never on Swift
/// concurrency's pool or GCD's workers, which a caller may be waiting on.
package enum ParallelWork {
    /// Counted once: counting reads files under /sys.
    static let processors = BlockingLanes.processors

    /// `items.map(transform)`, results in item order. A few items (chapters) get a thread
    /// each: five chapters on two processors then take the time of two and a half, not of
    /// the three that one of two threads would do. Many small items share one per processor.
    package static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @escaping @Sendable (T) -> R) -> [R] {
        guard items.count > 1, processors > 1 else { return items.map(transform) }
        do {
            return try BlockingLanes.map(items, width: items.count <= 8 ? items.count : processors, transform)
        } catch {
            preconditionFailure("BlockingLanes rethrew an error from a transform that cannot throw: \(error)")
        }
    }
}
