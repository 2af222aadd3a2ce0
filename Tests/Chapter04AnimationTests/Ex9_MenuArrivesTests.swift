import Foundation
import Testing
import Diner
import Stage
import Chapter04Animation

@Suite("Exercise 4.9: Fade the menu in, in Swift 6")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct Ex9_MenuArrivesTests {
    /// Shows the menu and waits (at most the callback limit) until `shown` is called.
    func show(from service: InventoryService, on screen: DinerScreen) async -> Bool {
        let shownOnMain: Bool? = await awaitCallback { callback in
            showMenu(from: service, on: screen) { callback(MainQueue.isCurrent) }
        }
        return shownOnMain == true
    }

    @Test("writes the menu on the chalkboard, on the main queue")
    func writesMenu() async throws {
        let screen = DinerScreen()
        let shown = await show(from: InventoryService(), on: screen)
        try #require(shown, "`shown` was never called on the main queue once the menu arrived")
        let expected = InventoryService.sampleItems.map(\.name).joined(separator: "\n")
        #expect(screen.chalkboard.text == expected,
                "the chalkboard shows \(screen.chalkboard.text.debugDescription); expected the items' names, one a line")
        #expect(screen.chalkboard.changes.allSatisfy { $0.onMainQueue },
                "the chalkboard was written off the main queue: \(screen.chalkboard.changes)")
        #expect(screen.chalkboard.changes.count == 1, "write the chalkboard once; it was written \(screen.chalkboard.changes.count) times")
    }

    @Test("fades the chalkboard in from 0 to 1 over half a second")
    func fadesIn() async throws {
        let screen = DinerScreen()
        try #require(await show(from: InventoryService(), on: screen), "`shown` was never called once the menu arrived")
        let fades = screen.animator.segments(of: screen.chalkboard, .alpha)
        try #require(fades.count == 1, "the chalkboard should fade once; its alpha animations were \(fades)")
        #expect(fades[0].from == .alpha(0) && fades[0].to == .alpha(1) && fades[0].duration == menuFadeDuration,
                "the fade should go from alpha 0 to 1 over \(menuFadeDuration) s; it was \(fades[0])")
        #expect(screen.animator.presentationAlpha(of: screen.chalkboard) == 0,
                "when the fade starts the screen should show the chalkboard invisible")
        screen.clock.advance(by: menuFadeDuration)
        #expect(screen.animator.presentationAlpha(of: screen.chalkboard) == 1, "after the fade the chalkboard should be fully visible")
    }

    @Test("says sorry, with the reason, when the service fails")
    func failure() async throws {
        let screen = DinerScreen()
        let service = InventoryService(failure: InventoryError("the kitchen is closed"))
        try #require(await show(from: service, on: screen), "`shown` was never called when the service failed")
        #expect(screen.chalkboard.text == "Sorry, no menu today (the kitchen is closed)",
                "a failed load should say so; the chalkboard shows \(screen.chalkboard.text.debugDescription)")
        #expect(screen.chalkboard.changes.allSatisfy { $0.onMainQueue }, "the chalkboard was written off the main queue")
        #expect(screen.animator.segments(of: screen.chalkboard, .alpha).count == 1, "the sorry should fade in too")
    }

    @Test("calls shown once, after the text is written and the fade has begun")
    func shownOnceAfterText() async throws {
        let screen = DinerScreen()
        let calls: [(text: String, fading: Bool)]? = await awaitCallback { callback in
            var seen: [(text: String, fading: Bool)] = []
            showMenu(from: InventoryService(), on: screen) {
                seen.append((screen.chalkboard.text, !screen.animator.segments(of: screen.chalkboard, .alpha).isEmpty))
                // One turn of the main queue later: a second call would have come by then.
                DispatchQueue.main.async { callback(seen) }
            }
        }
        let expected = InventoryService.sampleItems.map(\.name).joined(separator: "\n")
        #expect(calls?.map(\.text) == [expected], "`shown` was called with the chalkboard showing \(calls?.map(\.text) ?? []); expected once, after the menu was written")
        // The statement: write the menu, fade the chalkboard in, "then it calls `shown`".
        #expect(calls?.first?.fading == true, "`shown` was called before the chalkboard's fade was set up; call it after the animation has begun")
    }
}
