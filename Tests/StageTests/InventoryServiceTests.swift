import Diner
import Dispatch
import Stage
import Testing

@Suite("The simulated inventory service")
struct InventoryServiceTests {
    @Test("returns the sample inventory and records who asked")
    func sample() throws {
        let service = InventoryService()
        #expect(try service.retrieveInventoryItems() == MenuItem.sampleMenu)
        #expect(service.requests.count == 1)
        #expect(service.requests[0].finished && !service.requests[0].onMainQueue)
        #expect(service.answeredCount == 1)
    }

    @Test("fails with the injected error, after its latency")
    func failure() {
        let recorder = QueueRecorder()
        let service = InventoryService(latency: .milliseconds(3), failure: InventoryError("down"), recorder: recorder)
        #expect(throws: InventoryError("down")) { try service.retrieveInventoryItems() }
        #expect(recorder.entries.map(\.event) == ["fetch inventory"])
        #expect(recorder.entries[0].end == 2)
    }

    @Test("answers a completion handler once, off the main queue")
    func completionHandler() async throws {
        let service = InventoryService(items: [MenuItem.sampleMenu[1]])
        let answer: (Result<[MenuItem], InventoryError>, Bool)? = await awaitCallback { done in
            service.load { result in done((result, MainQueue.isCurrent)) }
        }
        #expect(try answer?.0.get() == [MenuItem.sampleMenu[1]])
        #expect(answer?.1 == false)
    }
}
