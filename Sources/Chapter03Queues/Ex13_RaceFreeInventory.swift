import Diner
import Dispatch
import Stage

/// The diner's inventory as an older part of the app keeps it: a class from before
/// Swift 6 that its authors marked `@unchecked Sendable`, so the compiler lets any
/// queue touch it and trusts them that nothing races. Taps read `items` and `loads` on
/// the main queue at any moment, a load in progress or not.
///
/// `reload(from:on:done:)` returns at once and fetches with
/// `service.retrieveInventoryItems()` on `queue`, never on the main queue. A fetch that
/// works replaces `items` and adds one to `loads`; one that throws changes neither.
/// Then `done` is called once, on the main queue, and by then `items` and `loads` show
/// the outcome; `queue` never waits for the main queue. Nothing may race: the tests run
/// again under the Thread Sanitizer.
public final class InventoryCache: @unchecked Sendable {
    // BEGIN SOLUTION
    /// Written and read on the main queue only: the fetched items cross over in the hop.
    private var state: (items: [MenuItem], loads: Int) = ([], 0)

    /// What the last load that worked fetched (empty before one has).
    public var items: [MenuItem] { state.items }
    /// How many loads have worked.
    public var loads: Int { state.loads }

    public init() {}

    public func reload(from service: InventoryService, on queue: DispatchQueue, done: @escaping @Sendable () -> Void) {
        queue.async {
            // Off the main queue: only the fetch, and a local for what it found.
            let fetched = try? service.retrieveInventoryItems()
            // Handed over without waiting: the diner's queue is free at once.
            DispatchQueue.main.async {
                // Back on the main queue, where every tap reads: no one reads while this writes.
                if let fetched { self.state = (fetched, self.state.loads + 1) }
                done()
            }
        }
    }
    // STARTER:
    // /// What the last load that worked fetched (empty before one has).
    // public private(set) var items: [MenuItem] = []
    // /// How many loads have worked.
    // public private(set) var loads = 0
    //
    // public init() {}
    //
    // public func reload(from service: InventoryService, on queue: DispatchQueue, done: @escaping @Sendable () -> Void) {
    //     // The seed's hop: the fetch, and what it found stored, on the diner's queue.
    //     queue.async {
    //         if let fetched = try? service.retrieveInventoryItems() {
    //             self.items = fetched
    //             self.loads += 1
    //         }
    //         DispatchQueue.main.async {
    //             done()
    //         }
    //     }
    // }
    // END SOLUTION
}
