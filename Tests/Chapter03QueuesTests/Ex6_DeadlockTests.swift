import Chapter03Queues
import Diner
import Dispatch
import Stage
import Testing

// A `sync` onto the queue you are running on never returns on real GCD (or stops the
// program), which would take the whole test run down with it. `StockList` uses the
// stage's `CheckedSerialQueue`, which notices that `sync` with a queue-specific key,
// records it and runs the block in place: the tests finish at once either way and
// can say exactly which call would have deadlocked. The price is that the recording
// queue is a thin wrapper rather than a bare `DispatchQueue`; the chapter shows the
// real deadlock in a `crash` snippet.
@Suite("Exercise 3.6: Fix the deadlock in restock")
struct Ex6_DeadlockTests {
    let menu = MenuItem.sampleMenu

    /// The recorded deadlocks, each different one once with how often it came: a loop
    /// records the same line once per item (505 times in one learner's report).
    static func summary(_ deadlocks: [String]) -> String {
        var counts: [String: Int] = [:]
        var firstSeen: [String] = []
        for line in deadlocks {
            if counts[line] == nil { firstSeen.append(line) }
            counts[line, default: 0] += 1
        }
        return firstSeen.map { counts[$0]! > 1 ? "\($0) (\(counts[$0]!) times)" : $0 }.joined(separator: "; ")
    }

    @Test("restocks without calling sync on the queue it is already on")
    func noDeadlock() {
        let stock = StockList()
        stock.restock([menu[0], menu[1]])
        // contains(_:) is named only when the recorded call was it.
        let deadlocks = stock.queue.deadlocks
        #expect(deadlocks.isEmpty,
                Comment(rawValue: "restock would deadlock: \(Self.summary(deadlocks)). Inside queue.sync you are already on the queue"
                    + (deadlocks.contains { $0.hasPrefix("contains(_:) ") } ? ": read `items` directly instead of calling contains(_:)" : "")))
    }

    @Test("adds only the missing items and says how many",
          arguments: [0, 2, 5])
    func addsMissing(alreadyStocked: Int) {
        let stock = StockList()
        stock.restock(Array(menu.prefix(alreadyStocked)))
        let added = stock.restock(menu)
        #expect(added == menu.count - alreadyStocked,
                "with \(alreadyStocked) items already in stock, restocking the whole menu added \(added); expected \(menu.count - alreadyStocked)")
        #expect(stock.all == menu, "the stock is \(stock.all.map(\.name)); expected each menu item once, in menu order")
    }

    @Test("adds an item listed twice in one delivery only once")
    func duplicateInDelivery() {
        let stock = StockList()
        let added = stock.restock([menu[2], menu[2]])
        #expect(added == 1 && stock.all == [menu[2]],
                "a delivery with two milkshakes added \(added) and left \(stock.all.map(\.name)); check against what you added in this delivery too")
    }

    @Test("adds each item once when 100 deliveries arrive from many threads at once")
    func concurrentDeliveries() {
        let stock = StockList()
        let added = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 100) { i in
            let count = stock.restock(i.isMultiple(of: 2) ? menu : menu.reversed())
            added.withLock { $0 += count }
        }
        // The split is named only when the same deliveries, one after another, come out right.
        let oneAtATime = StockList()
        let sequential = (0..<4).map { i in oneAtATime.restock(i.isMultiple(of: 2) ? menu : menu.reversed()) }
        let rightOneAtATime = sequential == [menu.count, 0, 0, 0] && oneAtATime.all == menu
        #expect(stock.all.count == menu.count && added.value == menu.count,
                Comment(rawValue: "100 simultaneous deliveries left \(stock.all.count) items and reported \(added.value) added; expected \(menu.count)"
                    + (rightOneAtATime ? ": the same deliveries one after another come out right, so the check and the add were not one block on the queue; keep them in one" : "")))
        #expect(stock.queue.deadlocks.isEmpty, "restock would deadlock: \(Self.summary(stock.queue.deadlocks))")
    }
}
