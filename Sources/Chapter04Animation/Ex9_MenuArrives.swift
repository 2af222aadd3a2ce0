// Exercise 4.9: Fade the menu in, in Swift 6.

import Foundation
import Diner
import Stage

/// How long the chalkboard takes to fade in once the menu has arrived.
public let menuFadeDuration = 0.5

/// What the chalkboard says for a `load` result: the items' names, one a line, or
/// `"Sorry, no menu today (REASON)"` when the service failed.
public func menuText(for result: Result<[MenuItem], InventoryError>) -> String {
    switch result {
    case .success(let items): items.map(\.name).joined(separator: "\n")
    case .failure(let error): "Sorry, no menu today (\(error.reason))"
    }
}

/// Asks `service` for the menu and, when it answers, writes `menuText(for:)` on
/// `screen.chalkboard` and fades the chalkboard in from alpha 0 to 1 over
/// `menuFadeDuration`; then calls `shown`, once the fade has started.
///
/// `load(completion:)` calls back on the service's own queue, as a networking
/// library does — not on the main actor, where the chalkboard belongs.
public func showMenu(
    from service: InventoryService, on screen: DinerScreen,
    shown: @escaping @MainActor () -> Void = {}
) {
    // BEGIN SOLUTION
    service.load { result in
        // The callback runs on the service's queue: everything that touches the screen
        // hops to the main actor first (a `Task` isolated to it; `DispatchQueue.main.async`
        // would do too). The result is `Sendable`, so it may travel with the hop.
        Task { @MainActor in
            screen.chalkboard.text = menuText(for: result)
            screen.chalkboard.alpha = 0
            screen.animator.animate(withDuration: menuFadeDuration) {
                screen.chalkboard.alpha = 1
            } completion: { _ in }
            shown()
        }
    }
    // STARTER:
    // service.load { result in
    //     screen.chalkboard.text = menuText(for: result)
    //     screen.chalkboard.alpha = 0
    //     screen.animator.animate(withDuration: menuFadeDuration) {
    //         screen.chalkboard.alpha = 1
    //     } completion: { _ in }
    //     shown()
    // }
    // END SOLUTION
}
