import Chapter03Queues
import Diner
import Dispatch
import Stage
import Testing

@Suite("Exercise 3.2: Load the inventory off the main queue")
@MainActor
struct Ex2_LoadInventoryTests {
    let dinerQueue: DispatchQueue = {
        let queue = DispatchQueue(label: "com.closuresworkbook.tests.diner")
        QueueName.track(queue)
        return queue
    }()

    /// Calls `loadInventory` on the main actor and waits for `done` (at most eight
    /// seconds). Returns the chalkboard's history at the moment `loadInventory`
    /// returned, whether `done` was called, and how many times it was by the end.
    func load(_ service: InventoryService, into screen: DinerScreen) async -> (whenReturned: [String], finished: Bool, doneCalls: Int) {
        var whenReturned: [String] = []
        let calls = Locked(0)
        let finished: Void? = await awaitCallback { done in
            loadInventory(from: service, on: dinerQueue, into: screen) {
                calls.withLock { $0 += 1 }
                done(())
            }
            whenReturned = screen.chalkboard.history
        }
        // One more turn of the main queue, so the screen has drawn what it will draw
        // (and a second `done` sent after the first has arrived).
        _ = await awaitCallback { done in DispatchQueue.main.async { done(()) } }
        dinerQueue.sync {}
        _ = await awaitCallback { done in DispatchQueue.main.async { done(()) } }
        return (whenReturned, finished != nil, calls.value)
    }

    @Test("shows “Loading Inventory…” and returns before the inventory arrives")
    func returnsAtOnce() async throws {
        let screen = DinerScreen()
        let (whenReturned, finished, _) = await load(InventoryService(latency: .milliseconds(5)), into: screen)
        try #require(finished, "loadInventory never called done")
        #expect(whenReturned == [DinerScreen.loadingText],
                Comment(rawValue: "when loadInventory returned, the chalkboard had shown \(whenReturned); expected only “\(DinerScreen.loadingText)”"
                    + (whenReturned.count > 1 ? ": the fetch's outcome was on the chalkboard before loadInventory returned" : "")))
    }

    @Test("returns before the inventory is fetched")
    func returnsBeforeFetch() async throws {
        let screen = DinerScreen()
        let service = InventoryService()
        // The test holds the diner's queue until loadInventory has returned, so a
        // fetch handed over with `async` cannot have started by then. A caller that
        // waits for the queue is held too — for two seconds at most.
        let release = DispatchSemaphore(value: 0)
        dinerQueue.async { _ = release.wait(timeout: .now() + .seconds(2)) }
        var requestsWhenReturned: [InventoryService.Request] = []
        let finished: Void? = await awaitCallback { done in
            loadInventory(from: service, on: dinerQueue, into: screen) { done(()) }
            requestsWhenReturned = service.requests
            release.signal()
        }
        try #require(finished != nil, "loadInventory never called done")
        let waited = requestsWhenReturned.contains { $0.queue == dinerQueue.label }
        #expect(requestsWhenReturned.isEmpty,
                "when loadInventory returned, the inventory had already been fetched (\(requestsWhenReturned)); expected it to return first and the fetch to follow on the diner's queue\(waited ? ": loadInventory waited for the diner's queue to run the fetch — queue.async returns without waiting" : "")")
    }

    @Test("calls done exactly once, whether the fetch works or fails",
          arguments: [nil, InventoryError("the server is down")])
    func doneOnce(failure: InventoryError?) async throws {
        let (_, finished, doneCalls) = await load(InventoryService(failure: failure), into: DinerScreen())
        try #require(finished, "loadInventory never called done")
        #expect(doneCalls == 1,
                "done was called \(doneCalls) times\(failure == nil ? "" : " when the service failed"); call it once, after the chalkboard is updated")
    }

    @Test("lets the customer see “Loading Inventory…” before the loaded text")
    func customerSeesLoading() async throws {
        let screen = DinerScreen()
        let service = InventoryService(latency: .milliseconds(5))
        let (_, finished, _) = await load(service, into: screen)
        try #require(finished, "loadInventory never called done")
        // The cause is named only when the fetch is seen on the main queue.
        // …and the loading text was set but never drawn (a text never set is not the fetch's doing).
        let fetchedOnMain = service.requests.contains { $0.onMainQueue } && screen.chalkboard.history.contains(DinerScreen.loadingText)
        #expect(screen.chalkboard.drawnTexts == [DinerScreen.loadingText, DinerScreen.loadedText],
                Comment(rawValue: "the screen drew \(screen.chalkboard.drawnTexts); expected “\(DinerScreen.loadingText)”, then “\(DinerScreen.loadedText)”"
                + (fetchedOnMain && !screen.chalkboard.drawnTexts.contains(DinerScreen.loadingText)
                    ? ": “\(DinerScreen.loadingText)” was set but never drawn, and the fetch ran on the main queue: while it was busy fetching, the screen could not draw" : "")))
        #expect(screen.inventory == InventoryService.sampleItems,
                "screen.inventory holds \(screen.inventory.count) items after loading; expected the \(InventoryService.sampleItems.count) the service returned")
    }

    @Test("fetches on the diner's queue, never on the main queue")
    func fetchesOffMain() async throws {
        let service = InventoryService()
        let (_, finished, _) = await load(service, into: DinerScreen())
        try #require(finished, "loadInventory never called done")
        try #require(service.requests.count == 1, "the service was asked \(service.requests.count) times; ask it once")
        #expect(service.requests[0].queue == dinerQueue.label,
                "the inventory was fetched on \(service.requests[0].queue); fetch it inside `queue.async { … }` on the queue passed in")
    }

    @Test("changes the chalkboard only on the main queue, and calls done there")
    func updatesOnMain() async throws {
        let screen = DinerScreen()
        let doneOnMain = Locked<Bool?>(nil)
        let finished: Void? = await awaitCallback { done in
            loadInventory(from: InventoryService(), on: dinerQueue, into: screen) {
                doneOnMain.withLock { $0 = MainQueue.isCurrent }
                done(())
            }
        }
        try #require(finished != nil, "loadInventory never called done")
        let offMain = screen.chalkboard.changes.filter { !$0.onMainQueue }
        #expect(offMain.isEmpty, "the chalkboard was changed off the main queue: \(offMain); hop back with DispatchQueue.main.async before touching it")
        #expect(doneOnMain.value == true, "done was called off the main queue; call it inside the hop to the main queue")
    }

    @Test("calls done last: by then the chalkboard shows the outcome and the inventory is stored",
          arguments: [nil, InventoryError("the server is down")])
    func doneLast(failure: InventoryError?) async throws {
        let screen = DinerScreen()
        // What the screen showed at the moment done ran (nil: done ran off the main queue,
        // which the test above reports).
        let seen = Locked<(text: String, items: Int)?>(nil)
        let finished: Void? = await awaitCallback { done in
            loadInventory(from: InventoryService(failure: failure), on: dinerQueue, into: screen) {
                if MainQueue.isCurrent {
                    let state = MainActor.assumeIsolated { (screen.chalkboard.text, screen.inventory.count) }
                    seen.withLock { $0 = state }
                }
                done(())
            }
        }
        try #require(finished != nil, "loadInventory never called done")
        let state = try #require(seen.value, "done was called off the main queue")
        let expected = failure == nil ? DinerScreen.loadedText : "Inventory unavailable: the server is down"
        #expect(state.text == expected,
                "when done was called, the chalkboard showed “\(state.text)”; expected “\(expected)”: the statement says done comes last, after the chalkboard is updated")
        if failure == nil {
            #expect(state.items == InventoryService.sampleItems.count,
                    "when done was called, screen.inventory held \(state.items) items; expected the \(InventoryService.sampleItems.count) the service returned: store them before calling done")
        }
    }

    @Test("hands the update to the main queue without waiting for it: the diner's queue is free while the main queue is busy")
    func hopDoesNotWait() async throws {
        let screen = DinerScreen()
        let probe = DispatchSemaphore(value: 0)
        let finished: Void? = await awaitCallback { done in
            loadInventory(from: InventoryService(), on: dinerQueue, into: screen) { done(()) }
            // The main queue stays busy (this test holds it) while the diner's queue runs
            // the fetch and the hop; a block queued behind them tells when the diner's
            // queue is free again. `main.async` returns at once; `main.sync` waits for the
            // main queue, which is held, so the block cannot run until it is let go.
            dinerQueue.async { probe.signal() }
            let free = probe.wait(timeout: .now() + .seconds(3)) == .success
            #expect(free, "the main queue was held for 3 s and the diner's queue stayed busy all that time; expected it to hand the update to the main queue and be free again (`DispatchQueue.main.async` returns without waiting, `sync` waits)")
        }
        try #require(finished != nil, "loadInventory never called done")
    }

    @Test("shows why when the service fails, and keeps the inventory empty")
    func failure() async throws {
        let screen = DinerScreen()
        let service = InventoryService(failure: InventoryError("the server is down"))
        let (_, finished, _) = await load(service, into: screen)
        try #require(finished, "loadInventory never called done when the service failed")
        #expect(screen.chalkboard.history == [DinerScreen.loadingText, "Inventory unavailable: the server is down"],
                "the chalkboard showed \(screen.chalkboard.history) when the service failed; expected “Loading Inventory…”, then “Inventory unavailable: the server is down”")
        #expect(screen.inventory.isEmpty, "the inventory should stay empty when the fetch fails")
    }
}
