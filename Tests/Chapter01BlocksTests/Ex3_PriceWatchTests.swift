import Foundation
import Testing
import Chapter01Blocks

@Suite("Exercise 1.3: Capture lists — a live view and a snapshot")
struct Ex3_PriceWatchTests {
    let opening = Decimal(string: "4.99")!
    let special = Decimal(string: "3.99")!

    @Test("before any change, live and snapshot both show the opening price")
    func agreeAtFirst() {
        let watch = makePriceWatch(initial: opening)
        #expect(watch.live() == opening, "live() showed \(watch.live()) before any change; expected \(opening)")
        #expect(watch.snapshot() == opening, "snapshot() showed \(watch.snapshot()) before any change; expected \(opening)")
    }

    @Test("live sees every change made through setPrice")
    func liveFollows() {
        let watch = makePriceWatch(initial: opening)
        watch.setPrice(special)
        #expect(watch.live() == special,
                Comment(rawValue: "after setPrice(\(special)), live() showed \(watch.live()); expected \(special)"
                    + (watch.live() == opening ? ": that is the opening price, so live reads a copy taken at the start, not the variable" : "")))
        watch.setPrice(opening + 1)
        #expect(watch.live() == opening + 1, "after a second change, live() showed \(watch.live()); expected \(opening + 1)")
    }

    @Test("snapshot keeps the price it captured, whatever setPrice does later")
    func snapshotKeeps() {
        let watch = makePriceWatch(initial: opening)
        watch.setPrice(special)
        watch.setPrice(0)
        #expect(watch.snapshot() == opening,
                Comment(rawValue: "after two changes, snapshot() showed \(watch.snapshot()); expected the opening \(opening)"
                    + (watch.snapshot() == 0 ? ": that is the latest price, so snapshot reads the variable; a capture list would keep the value it had" : "")))
    }

    @Test("two watches do not share a price")
    func watchesAreIndependent() {
        let first = makePriceWatch(initial: opening)
        let second = makePriceWatch(initial: special)
        first.setPrice(10)
        #expect(second.live() == special,
                "changing one watch moved the other to \(second.live()); expected it to stay at \(special)")
        #expect(first.live() == 10, "first.live() showed \(first.live()) after setPrice(10); expected 10")
    }
}
