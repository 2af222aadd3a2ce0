import Diner
import Foundation
import Stage
import Testing
import Chapter03Queues

// Hidden tests of exercise 3.4: run by the teacher's `workbook grade`, left out of a student release.
extension Ex4_MenuAndSpecialsTests {
    /// Catches both fetches made one after the other in a single block (or on a queue of
    /// the answer's own): the visible tests check what is reported, when and where, but
    /// never that the two fetches were under way at once. The recorder numbers each
    /// fetch's start and end: made side by side, each starts before the other ends.
    @Test("the two services are asked at once, not one after the other")
    func fetchesOverlap() async throws {
        // 2.5 s each, not 0.3 s: on Linux libdispatch adds a worker to a busy pool from a
        // timer that ticks once a second (src/event/workqueue.c), so under load a second
        // block could wait for the first's 0.3 s to end (seen twice on a loaded machine).
        let recorder = QueueRecorder()
        _ = try await run(
            menu: InventoryService(name: "menu", latency: .milliseconds(2500), recorder: recorder),
            specials: InventoryService(name: "specials", items: Self.specialsItems, latency: .milliseconds(2500), recorder: recorder))
        let menu = try #require(recorder.entries.first { $0.event == "menu" }, "the menu service was never asked")
        let specials = try #require(recorder.entries.first { $0.event == "specials" }, "the specials service was never asked")
        let menuEnd = try #require(menu.end), specialsEnd = try #require(specials.end)
        #expect(menu.begin < specialsEnd && specials.begin < menuEnd,
                "one fetch ended before the other began (\(recorder.log)); the statement asks for both at the same time, each in its own block on the concurrent queue")
    }
}
