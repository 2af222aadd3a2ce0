import Chapter03Queues
import Diner
import Stage
import Testing

@Suite("Exercise 3.7: From completion handlers to async/await")
@MainActor
struct Ex7_AsyncInventoryTests {
    /// Runs `fetchInventory` and waits for it at most eight seconds, so a continuation
    /// that is never resumed fails the test instead of hanging it.
    nonisolated func fetch(_ service: InventoryService) async -> Result<[MenuItem], any Error>? {
        await awaitCallback { done in
            Task {
                do { done(.success(try await fetchInventory(from: service))) } catch { done(.failure(error)) }
            }
        }
    }

    /// Runs `showInventory` and waits for it at most eight seconds.
    func show(_ service: InventoryService, on screen: DinerScreen) async -> Bool {
        let finished: Void? = await awaitCallback { done in
            Task { @MainActor in
                await showInventory(from: service, on: screen)
                done(())
            }
        }
        return finished != nil
    }

    @Test("returns the items the service delivers through its completion handler")
    func items() async throws {
        let service = InventoryService(latency: .milliseconds(2))
        let result = try #require(await fetch(service),
                                  "fetchInventory never returned: resume the continuation inside the completion handler")
        #expect(try result.get() == InventoryService.sampleItems, "fetchInventory returned \(result); expected the service's items")
        #expect(service.requests.count == 1 && !service.requests[0].onMainQueue,
                "the service saw \(service.requests); call service.load(completion:) once and let it fetch on its own queue")
    }

    @Test("throws the service's error, and still returns")
    func throwsFailure() async throws {
        let service = InventoryService(failure: InventoryError("the server is down"))
        let returned = await fetch(service)
        // The failure path is named only when the success path returns.
        let successReturns = if returned == nil { await fetch(InventoryService()) != nil } else { true }
        let result = try #require(returned,
                                  Comment(rawValue: "fetchInventory never returned when the service failed"
                                      + (successReturns ? "; it returns when the service delivers: resume the continuation on the failure path too" : "")))
        #expect(throws: InventoryError("the server is down"), "fetchInventory returned \(result); it must throw the service's error") {
            try result.get()
        }
    }

    @Test("shows “Loading Inventory…”, then the loaded text, all on the main actor")
    func showsLoading() async throws {
        let screen = DinerScreen()
        let service = InventoryService(latency: .milliseconds(2))
        try #require(await show(service, on: screen), "showInventory never returned within the wait")
        #expect(screen.chalkboard.history == [DinerScreen.loadingText, DinerScreen.loadedText],
                "the chalkboard showed \(screen.chalkboard.history); expected “Loading Inventory…”, then the loaded text")
        #expect(screen.chalkboard.changes.allSatisfy { $0.onMainQueue }, "the chalkboard was set off the main queue: \(screen.chalkboard.changes)")
        #expect(screen.inventory == InventoryService.sampleItems, "screen.inventory has \(screen.inventory.count) items; expected the service's \(InventoryService.sampleItems.count)")
        #expect(service.requests.allSatisfy { !$0.onMainQueue },
                "the inventory was fetched on the main queue, which freezes the screen: await fetchInventory(from:) instead")
    }

    @Test("shows why when the service fails")
    func showsFailure() async throws {
        let screen = DinerScreen()
        let returned = await show(InventoryService(failure: InventoryError("the server is down")), on: screen)
        // The continuation is named only when fetchInventory itself never returns on that failure.
        let fetchStuck = if returned { false } else { await fetch(InventoryService(failure: InventoryError("the server is down"))) == nil }
        try #require(returned,
                     Comment(rawValue: "showInventory never returned after a failure"
                         + (fetchStuck ? "; fetchInventory(from:) never returns when the service fails either: resume the continuation on the failure path too" : "")))
        let expected = [DinerScreen.loadingText, "Inventory unavailable: the server is down"]
        #expect(screen.chalkboard.history == expected,
                "after a failed load the chalkboard showed \(screen.chalkboard.history); expected “\(expected[0])”, then “\(expected[1])” — nothing in between")
        #expect(screen.inventory.isEmpty, "the inventory should stay empty when the fetch fails")
    }
}
