import Chapter03Queues
import Diner
import Dispatch
import Stage
import Testing

@Suite("Exercise 3.3: Refresh the inventory buttons")
@MainActor
struct Ex3_InventoryButtonsTests {
    func screen(items: [MenuItem] = MenuItem.sampleMenu, at index: Int = 0, ordered: [MenuItem] = []) -> DinerScreen {
        let screen = DinerScreen()
        screen.inventory = items
        screen.currentItemIndex = index
        for item in ordered { screen.order.add(item) }
        return screen
    }

    @Test("enables Previous and Next only where there is an item to move to",
          arguments: zip([0, 1, 3, 4], [
              "Previous=off Next=on Add=on Remove=off Total=off",
              "Previous=on Next=on Add=on Remove=off Total=off",
              "Previous=on Next=on Add=on Remove=off Total=off",
              "Previous=on Next=off Add=on Remove=off Total=off",
          ]))
    func previousAndNext(index: Int, expected: String) {
        let screen = screen(at: index)
        updateInventoryButtons(on: screen)
        #expect(screen.buttonStates == expected,
                "on item \(index) of 5 the buttons were “\(screen.buttonStates)”; expected “\(expected)”")
    }

    @Test("disables every button with an empty inventory, and both arrows with a single item")
    func edges() {
        let empty = screen(items: [])
        updateInventoryButtons(on: empty)
        #expect(empty.buttonStates == "Previous=off Next=off Add=off Remove=off Total=off",
                "with an empty inventory the buttons were “\(empty.buttonStates)”; nothing can be done yet, so disable them all")
        let single = screen(items: [MenuItem.sampleMenu[0]], ordered: [MenuItem.sampleMenu[0]])
        updateInventoryButtons(on: single)
        #expect(single.buttonStates == "Previous=off Next=off Add=on Remove=on Total=on",
                "with a one-item inventory the buttons were “\(single.buttonStates)”; there is nowhere to move")
    }

    @Test("enables Remove only when the current item is in the order")
    func removeFollowsCurrentItem() {
        let fries = MenuItem.sampleMenu[1]
        let onBurger = screen(at: 0, ordered: [fries])
        updateInventoryButtons(on: onBurger)
        #expect(onBurger.buttonStates == "Previous=off Next=on Add=on Remove=off Total=on",
                "with Fries ordered and the Burger showing, the buttons were “\(onBurger.buttonStates)”; Remove takes a Burger away, and there is none")
        let onFries = screen(at: 1, ordered: [fries])
        updateInventoryButtons(on: onFries)
        #expect(onFries.buttonStates == "Previous=on Next=on Add=on Remove=on Total=on",
                "with Fries ordered and showing, the buttons were “\(onFries.buttonStates)”")
    }

    @Test("shows the current item's name, and leaves the label alone without one")
    func currentItem() {
        let onShake = screen(at: 2)
        updateCurrentInventoryItem(on: onShake)
        #expect(onShake.currentItemLabel.history == ["Milkshake"],
                "on item 2 the label showed \(onShake.currentItemLabel.history); expected [\"Milkshake\"]")
        let empty = screen(items: [])
        updateCurrentInventoryItem(on: empty)
        #expect(empty.currentItemLabel.history.isEmpty,
                "with no inventory the label was set to \(empty.currentItemLabel.history); leave it alone")
    }
}

extension Ex3_InventoryButtonsTests {
    @Test("finishes loading from the diner's queue with every update on the main queue")
    func finishLoadingOnMain() async throws {
        let screen = DinerScreen()
        // Left over from a longer list: loading starts again from the first item.
        screen.currentItemIndex = 3
        let dinerQueue = DispatchQueue(label: "com.closuresworkbook.tests.diner")
        QueueName.track(dinerQueue)
        let doneOnMain = Locked<Bool?>(nil)
        let chalkboardWhenDone = Locked<String?>(nil)
        let doneCalls = Locked(0)
        let finished: Void? = await awaitCallback { done in
            dinerQueue.async {
                finishLoading(MenuItem.sampleMenu, on: screen) {
                    let onMain = MainQueue.isCurrent
                    doneOnMain.withLock { $0 = onMain }
                    if onMain {
                        let text = MainActor.assumeIsolated { screen.chalkboard.text }
                        chalkboardWhenDone.withLock { $0 = text }
                    }
                    doneCalls.withLock { $0 += 1 }
                    done(())
                }
            }
        }
        try #require(finished != nil, "finishLoading never called done")
        // One more turn of the main queue: a second `done` sent after the first has arrived.
        _ = await awaitCallback { done in DispatchQueue.main.async { done(()) } }
        let changes = screen.chalkboard.changes + screen.currentItemLabel.changes
        let offMain = changes.filter { !$0.onMainQueue }
        #expect(offMain.isEmpty, "these labels were set off the main queue: \(offMain); wrap the updates in DispatchQueue.main.async { … }")
        #expect(screen.currentItemIndex == 0 && screen.currentItemLabel.history == ["Burger"],
                "after loading, the current item was \(screen.currentItemIndex) and its label showed \(screen.currentItemLabel.history); expected item 0, [\"Burger\"]: loading goes back to the first item before showing it")
        #expect(screen.chalkboard.history == [DinerScreen.loadedText],
                "the chalkboard showed \(screen.chalkboard.history); expected the loaded text once")
        #expect(screen.buttonStates == "Previous=off Next=on Add=on Remove=off Total=off",
                "after loading, the buttons were “\(screen.buttonStates)”; refresh them with updateInventoryButtons")
        #expect(doneOnMain.value == true, "done was called off the main queue; call it last, inside the hop")
        #expect(doneCalls.value == 1, "done was called \(doneCalls.value) times; call it once, last")
        if doneOnMain.value == true {
            #expect(chalkboardWhenDone.value == DinerScreen.loadedText,
                    "when done was called the chalkboard showed “\(chalkboardWhenDone.value ?? "")”; show the loaded text first, and call done last")
        }
    }

    @Test("finishLoading hands the update to the main queue and returns: the diner's queue does not wait for it")
    func finishLoadingDoesNotWait() async throws {
        let screen = DinerScreen()
        let dinerQueue = DispatchQueue(label: "com.closuresworkbook.tests.diner")
        let probe = DispatchSemaphore(value: 0)
        let finished: Void? = await awaitCallback { done in
            dinerQueue.async { finishLoading(MenuItem.sampleMenu, on: screen) { done(()) } }
            // This test holds the main queue; a block queued behind finishLoading tells when
            // it has returned. `main.async` returns at once, `main.sync` waits for the held
            // main queue.
            dinerQueue.async { probe.signal() }
            let free = probe.wait(timeout: .now() + .seconds(3)) == .success
            #expect(free, "the main queue was held for 3 s and finishLoading had not returned on the diner's queue; expected it to hand the update to the main queue and return (`DispatchQueue.main.async` returns without waiting, `sync` waits)")
        }
        try #require(finished != nil, "finishLoading never called done")
    }
}
