import Foundation
import Testing
import Chapter01Blocks

@Suite("Exercise 1.3: Capture lists — a live view and a snapshot")
struct Ex3_PriceWatchTests {
    let opening = Decimal(string: "4.99")!
    let special = Decimal(string: "3.99")!

    @Test("before any change, live and a snapshot both show the opening price")
    func agreeAtFirst() {
        let watch = makePriceWatch(initial: opening)
        let snapshot = watch.takeSnapshot()
        #expect(watch.live() == opening, "live() showed \(watch.live()) before any change; expected \(opening)")
        #expect(snapshot() == opening, "a snapshot taken before any change showed \(snapshot()); expected \(opening)")
    }

    @Test("live sees every change made through setPrice")
    func liveFollows() {
        let watch = makePriceWatch(initial: opening)
        watch.setPrice(special)
        #expect(watch.live() == special,
                Comment(rawValue: "after setPrice(\(special)), live() showed \(watch.live()); expected \(special)"
                    + (watch.live() == opening ? ": that is still the opening price" : "")))
        watch.setPrice(opening + 1)
        #expect(watch.live() == opening + 1, "after a second change, live() showed \(watch.live()); expected \(opening + 1)")
    }

    @Test("a snapshot keeps the price it was taken at, whatever setPrice does later")
    func snapshotKeeps() {
        let watch = makePriceWatch(initial: opening)
        let first = watch.takeSnapshot()
        watch.setPrice(special)
        watch.setPrice(0)
        #expect(first() == opening,
                Comment(rawValue: "after two changes, the first snapshot showed \(first()); expected the opening \(opening)"
                    + (first() == 0 ? ": that is the latest price, so the snapshot reads the variable; a capture list would keep the value it had" : "")))
    }

    @Test("a snapshot taken after a change keeps that changed price, not the opening one")
    func laterSnapshot() {
        let watch = makePriceWatch(initial: opening)
        watch.setPrice(special)
        let later = watch.takeSnapshot()
        watch.setPrice(0)
        #expect(later() == special,
                Comment(rawValue: "a snapshot taken at \(special) showed \(later()) after the next change; expected \(special)"
                    + (later() == opening ? ": that is the opening price, so the snapshot kept what the watch started with, not the price when it was taken" : "")
                    + (later() == 0 ? ": that is the latest price, so the snapshot reads the variable" : "")))
        let last = watch.takeSnapshot()
        #expect(last() == 0 && later() == special, "two snapshots taken at \(special) and at 0 showed \(later()) and \(last())")
    }

    @Test("two watches do not share a price")
    func watchesAreIndependent() {
        let first = makePriceWatch(initial: opening)
        let second = makePriceWatch(initial: special)
        first.setPrice(10)
        #expect(second.live() == special,
                "changing one watch moved the other to \(second.live()); expected it to stay at \(special)")
        #expect(first.live() == 10, "first.live() showed \(first.live()) after setPrice(10); expected 10")
        #expect(second.takeSnapshot()() == special, "a snapshot of the second watch showed \(second.takeSnapshot()()); expected \(special)")
    }
}
