import Chapter03Queues
import Diner
import Dispatch
import Stage
import Testing

@Suite("Exercise 3.5: Share one order between many queues")
struct Ex5_SharedOrderTests {
    let burger = MenuItem.sampleMenu[0]
    let pie = MenuItem.sampleMenu[4]

    @Test("counts 10,000 adds from many threads at once exactly")
    func tenThousandAdds() {
        let order = SharedOrder()
        DispatchQueue.concurrentPerform(iterations: 10_000) { _ in order.add(burger) }
        #expect(order.quantity(of: burger) == 10_000,
                "after 10,000 adds from many threads the order has \(order.quantity(of: burger)) burgers; adds were lost in a race: guard the order with one lock")
    }

    @Test("keeps every item's count exact when adds and removes race",
          arguments: MenuItem.sampleMenu.indices)
    func mixedItems(index: Int) {
        let order = SharedOrder()
        let menu = MenuItem.sampleMenu
        DispatchQueue.concurrentPerform(iterations: 5_000) { i in
            let item = menu[i % menu.count]
            order.add(item)
            order.add(item)
            order.remove(item)
        }
        let item = menu[index]
        #expect(order.quantity(of: item) == 1_000,
                "\(item.name): expected 1,000 (2 adds and 1 remove, 1,000 times), found \(order.quantity(of: item))")
        #expect(order.snapshot.quantity(of: item) == 1_000,
                "the snapshot says \(order.snapshot.quantity(of: item)) of \(item.name); expected 1,000")
    }

    @Test("never adds past the limit, even when 10,000 callers try at once")
    func limitIsAtomic() {
        let order = SharedOrder()
        let accepted = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 10_000) { _ in
            if order.add(pie, upTo: 3) { accepted.withLock { $0 += 1 } }
        }
        #expect(order.quantity(of: pie) == 3,
                "the order has \(order.quantity(of: pie)) pies with a limit of 3: check the count and add in one locked step")
        #expect(accepted.value == 3, "add(_:upTo:) said yes \(accepted.value) times; exactly 3 pies fit")
    }

    @Test("ignores removing what is not there, and hands out snapshots that stay put")
    func edges() {
        let order = SharedOrder()
        order.remove(burger)
        #expect(order.snapshot.isEmpty, "removing a burger from an empty order should do nothing")
        order.add(burger)
        let before = order.snapshot
        order.add(burger)
        #expect(before.quantity(of: burger) == 1 && order.quantity(of: burger) == 2,
                "a snapshot taken with 1 burger now says \(before.quantity(of: burger)) and the order \(order.quantity(of: burger)); expected 1 and 2")
        #expect(order.add(burger, upTo: 0) == false && order.quantity(of: burger) == 2,
                "add(_:upTo: 0) must refuse and leave the order alone")
    }
}
