import Chapter03Queues
import Diner
import Dispatch
import Foundation
import Stage
import Synchronization
import Testing

@Suite("Exercise 3.13: Store the inventory without a race")
@MainActor
struct Ex13_RaceFreeInventoryTests {
    let dinerQueue: DispatchQueue = {
        let queue = DispatchQueue(label: "com.closuresworkbook.tests.diner-cache")
        QueueName.track(queue)
        return queue
    }()

    /// Set on the diner's queue, read on the main thread, with relaxed ordering: it tells
    /// the test the queue is idle without ordering anything, so the Thread Sanitizer
    /// sees the tap's reads exactly as a tap that came at that moment would make them.
    final class IdleFlag: Sendable {
        let value = Atomic<Bool>(false)
    }

    /// Reloads and waits for `done` (at most eight seconds); how many times it came.
    func reload(_ cache: InventoryCache, from service: InventoryService) async -> (finished: Bool, doneCalls: Int) {
        let calls = Locked(0)
        let finished: Void? = await awaitCallback { done in
            cache.reload(from: service, on: dinerQueue) {
                calls.withLock { $0 += 1 }
                done(())
            }
        }
        // A second `done` sent after the first would be queued by now.
        dinerQueue.sync {}
        _ = await awaitCallback { done in DispatchQueue.main.async { done(()) } }
        return (finished != nil, calls.value)
    }

    @Test("a tap while the fetch ends reads the inventory without a race")
    func tapWhileLoading() async throws {
        let cache = InventoryCache()
        let service = InventoryService()
        let idle = IdleFlag()
        var seen: (items: Int, loads: Int)?
        let finished: Void? = await awaitCallback { done in
            cache.reload(from: service, on: dinerQueue) { done(()) }
            // The main queue stays busy (this test holds it) until the diner's queue has
            // run everything it was given: a fetch and a store there have happened by now.
            dinerQueue.async { idle.value.store(true, ordering: .relaxed) }
            let deadline = ContinuousClock.now + .seconds(5)
            while !idle.value.load(ordering: .relaxed), ContinuousClock.now < deadline { usleep(200) }
            // The tap: what a button's action reads.
            seen = (cache.items.count, cache.loads)
        }
        try #require(finished != nil, "reload never called done")
        // Old or new, never a mix: before the hop nothing is stored, after it everything is.
        let state = try #require(seen)
        #expect(state == (0, 0) || state == (InventoryService.sampleItems.count, 1),
                "a tap during the load saw \(state.items) items and \(state.loads) loads; expected the inventory before the load (0, 0) or after it (\(InventoryService.sampleItems.count), 1)")
    }

    @Test("returns before the inventory is fetched")
    func returnsBeforeFetch() async throws {
        let cache = InventoryCache()
        let service = InventoryService()
        // The test holds the diner's queue until reload has returned (two seconds at most).
        let release = DispatchSemaphore(value: 0)
        dinerQueue.async { _ = release.wait(timeout: .now() + .seconds(2)) }
        var requestsWhenReturned: [InventoryService.Request] = []
        let finished: Void? = await awaitCallback { done in
            cache.reload(from: service, on: dinerQueue) { done(()) }
            requestsWhenReturned = service.requests
            release.signal()
        }
        try #require(finished != nil, "reload never called done")
        #expect(requestsWhenReturned.isEmpty,
                "when reload returned, the inventory had already been fetched (\(requestsWhenReturned)); expected it to return first and the fetch to follow on the queue passed in")
    }

    @Test("fetches once, on the queue passed in, never on the main queue")
    func fetchesOnQueue() async throws {
        let service = InventoryService()
        let (finished, _) = await reload(InventoryCache(), from: service)
        try #require(finished, "reload never called done")
        try #require(service.requests.count == 1, "the service was asked \(service.requests.count) times; ask it once")
        #expect(service.requests[0].queue == dinerQueue.label,
                "the inventory was fetched on \(service.requests[0].queue); fetch it inside `queue.async { … }` on the queue passed in")
    }

    @Test("calls done once, on the main queue, when items and loads already show the load")
    func doneLast() async throws {
        let cache = InventoryCache()
        let seen = Locked<(onMain: Bool, items: Int, loads: Int)?>(nil)
        let calls = Locked(0)
        let finished: Void? = await awaitCallback { done in
            cache.reload(from: InventoryService(), on: dinerQueue) {
                calls.withLock { $0 += 1 }
                let onMain = MainQueue.isCurrent
                let state = onMain ? (cache.items.count, cache.loads) : (-1, -1)
                seen.withLock { $0 = (onMain, state.0, state.1) }
                done(())
            }
        }
        try #require(finished != nil, "reload never called done")
        dinerQueue.sync {}
        _ = await awaitCallback { done in DispatchQueue.main.async { done(()) } }
        #expect(calls.value == 1, "done was called \(calls.value) times; call it once")
        let state = try #require(seen.value)
        try #require(state.onMain, "done was called off the main queue; call it on the main queue")
        #expect(state.items == InventoryService.sampleItems.count && state.loads == 1,
                "when done was called, items held \(state.items) and loads was \(state.loads); expected the \(InventoryService.sampleItems.count) items fetched and 1 load: store them before calling done")
    }

    @Test("hands over to the main queue without waiting: the diner's queue is free while the main queue is busy")
    func hopDoesNotWait() async throws {
        let cache = InventoryCache()
        let probe = DispatchSemaphore(value: 0)
        let finished: Void? = await awaitCallback { done in
            cache.reload(from: InventoryService(), on: dinerQueue) { done(()) }
            // The main queue stays busy (this test holds it) while the diner's queue runs the
            // fetch and the hop; a block queued behind them tells when the diner's queue is
            // free again. `main.async` returns at once; `main.sync` waits for the held main queue.
            dinerQueue.async { probe.signal() }
            let free = probe.wait(timeout: .now() + .seconds(3)) == .success
            #expect(free, "the main queue was held for 3 s and the diner's queue stayed busy all that time; expected it to hand over to the main queue and be free again (`DispatchQueue.main.async` returns without waiting, `sync` waits)")
        }
        try #require(finished != nil, "reload never called done")
    }

    @Test("a fetch that fails changes neither the items nor the count of loads")
    func failureKeepsItems() async throws {
        let cache = InventoryCache()
        let (first, _) = await reload(cache, from: InventoryService())
        try #require(first, "reload never called done")
        let (second, doneCalls) = await reload(cache, from: InventoryService(failure: InventoryError("the server is down")))
        try #require(second, "reload never called done when the service failed")
        #expect(doneCalls == 1, "done was called \(doneCalls) times when the service failed; call it once")
        #expect(cache.items == InventoryService.sampleItems,
                "after a failed load items held \(cache.items.count) items; expected the \(InventoryService.sampleItems.count) of the load before it")
        #expect(cache.loads == 1, "after one load that worked and one that failed, loads is \(cache.loads); expected 1")
    }
}
