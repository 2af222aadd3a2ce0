/// CPU work that splits by chapter — parsing the chapters, rendering them — spread over
/// the processors. It runs on `BlockingLanes`' threads of its own, never on Swift
/// concurrency's pool or GCD's workers, which a caller may be waiting on.
enum ParallelWork {
    /// Counted once: counting reads files under /sys.
    static let processors = BlockingLanes.processors

    /// `items.map(transform)`, results in item order.
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @escaping @Sendable (T) -> R) -> [R] {
        guard items.count > 1, processors > 1 else { return items.map(transform) }
        do {
            return try BlockingLanes.map(items, width: processors, transform)
        } catch {
            preconditionFailure("BlockingLanes rethrew an error from a transform that cannot throw: \(error)")
        }
    }
}
