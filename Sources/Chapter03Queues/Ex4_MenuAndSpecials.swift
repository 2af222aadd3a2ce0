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

/// Asks for the menu and today's specials at the same time, in either order: the menu
/// with `load(completion:)`, the specials with `retrieveInventoryItems()` in a block of
/// their own on `queue` (a concurrent queue); returns at once.
///
/// Calls `completion` exactly once, on the main queue, after *both* have answered —
/// with both lists, or with the failure of either (the menu's failure when both fail).
/// `load` may answer before it returns (a service with a cache does); leave the group
/// only once the menu's answer is stored.
public func loadMenuAndSpecials(
    menu: InventoryService,
    specials: InventoryService,
    on queue: DispatchQueue,
    completion: @escaping @Sendable (Result<MenuAndSpecials, InventoryError>) -> Void
) {
    // BEGIN SOLUTION
    typealias Fetched = Result<[MenuItem], InventoryError>
    // The menu's handler and the specials' block may write at the same time: the
    // Mutex makes that safe in Swift 6 (a captured `var` would be rejected as a data race).
    let results = Mutex<(menu: Fetched?, specials: Fetched?)>((nil, nil))
    let group = DispatchGroup()

    // Entered before asking: `load` may answer before it returns, and a `leave` with
    // no `enter` before it stops the program.
    group.enter()
    menu.load { fetched in
        defer { group.leave() }  // at the end, once the answer is stored
        results.withLock { $0.menu = fetched }
    }
    // `async(group:)` enters the group now and leaves it when the block ends.
    queue.async(group: group) {
        let fetched = Fetched { () throws(InventoryError) in try specials.retrieveInventoryItems() }
        results.withLock { $0.specials = fetched }
    }
    // Asked for last, once both are in the group: a menu that answered in place has
    // already left it, and a `notify` asked for then would run before the specials.
    // It runs once, on the queue we name: the main queue.
    group.notify(queue: .main) {
        // Both halves are set: `notify` runs only after both have left the group.
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
