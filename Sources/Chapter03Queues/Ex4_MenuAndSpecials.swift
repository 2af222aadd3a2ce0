import Diner
import Dispatch
import Stage
import Synchronization

/// What the diner shows once both lists have arrived.
public struct MenuAndSpecials: Equatable, Sendable {
    public var menu: [MenuItem]
    public var specials: [MenuItem]

    public init(menu: [MenuItem], specials: [MenuItem]) {
        self.menu = menu
        self.specials = specials
    }
}

/// Fetches the menu and today's specials at the same time, each with its own block on
/// `queue` (a concurrent queue), using `retrieveInventoryItems()` on each service; returns
/// at once.
///
/// Calls `completion` exactly once, on the main queue, after *both* fetches have
/// finished — with both lists, or with the failure of either (the menu's failure when
/// both fail).
public func loadMenuAndSpecials(
    menu: InventoryService,
    specials: InventoryService,
    on queue: DispatchQueue,
    completion: @escaping @Sendable (Result<MenuAndSpecials, InventoryError>) -> Void
) {
    // BEGIN SOLUTION
    typealias Fetched = Result<[MenuItem], InventoryError>
    // Two blocks write results at the same time: the Mutex makes that safe in
    // Swift 6 (a captured `var` would be rejected as a data race).
    let results = Mutex<(menu: Fetched?, specials: Fetched?)>((nil, nil))
    let group = DispatchGroup()

    // `async(group:)` enters the group now and leaves it when the block ends.
    queue.async(group: group) {
        let fetched = Fetched { () throws(InventoryError) in try menu.retrieveInventoryItems() }
        results.withLock { $0.menu = fetched }
    }
    queue.async(group: group) {
        let fetched = Fetched { () throws(InventoryError) in try specials.retrieveInventoryItems() }
        results.withLock { $0.specials = fetched }
    }
    // `notify` runs once, after both blocks, on the queue we name: the main queue.
    group.notify(queue: .main) {
        // Both halves are set: `notify` runs only after both blocks have finished.
        let (menu, specials) = results.withLock { $0 }
        switch (menu!, specials!) {
        case (.success(let menu), .success(let specials)):
            completion(.success(MenuAndSpecials(menu: menu, specials: specials)))
        case (.failure(let error), _), (_, .failure(let error)):
            completion(.failure(error))
        }
    }
    // STARTER:
    // // Reports at once, before anything has been fetched.
    // completion(.success(MenuAndSpecials(menu: [], specials: [])))
    // END SOLUTION
}
