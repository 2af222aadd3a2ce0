import Chapter03Queues
import Diner
import Dispatch
import Stage
import Testing

@Suite("Exercise 3.5: Share one order between many queues")
struct Ex5_SharedOrderTests {
    let burger = MenuItem.sampleMenu[0]
    let pie = MenuItem.sampleMenu[4]

    /// Whether `body`, made one call after another on one thread, leaves the order right:
    /// then a wrong count from many threads at once is the race's doing, and is named so.
    static func rightOneAtATime(_ body: (SharedOrder) -> Bool) -> Bool { body(SharedOrder()) }

    @Test("counts 10,000 adds from many threads at once exactly")
    func tenThousandAdds() {
        let order = SharedOrder()
        DispatchQueue.concurrentPerform(iterations: 10_000) { _ in order.add(burger) }
        let oneAtATime = Self.rightOneAtATime { order in
            for _ in 1...100 { order.add(burger) }
            return order.quantity(of: burger) == 100
        }
        #expect(order.quantity(of: burger) == 10_000,
                Comment(rawValue: "after 10,000 adds from many threads the order has \(order.quantity(of: burger)) burgers; expected 10,000"
                    + (oneAtATime ? ": 100 adds one after another count right, so adds made at once were lost; guard the order with one lock" : "")))
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
        let oneAtATime = Self.rightOneAtATime { order in
            let answers = (1...5).map { _ in order.add(pie, upTo: 3) }
            return answers == [true, true, true, false, false] && order.quantity(of: pie) == 3
        }
        #expect(order.quantity(of: pie) == 3,
                Comment(rawValue: "the order has \(order.quantity(of: pie)) pies with a limit of 3; expected 3"
                    + (oneAtATime ? ": five calls one after another stop at 3, so callers at once got past the check; check the count and add in one locked step" : "")))
        #expect(accepted.value == 3, "add(_:upTo:) said yes \(accepted.value) times; exactly 3 pies fit")
    }

    @Test("keeps its order in the Locked it is given")
    func usesTheStorageGiven() {
        let storage = Locked(Order([burger: 1]))
        let order = SharedOrder(storage)
        order.add(burger)
        order.add(pie)
        order.remove(pie)
        #expect(storage.value == Order([burger: 2]),
                Comment(rawValue: "the Locked<Order> handed to init holds \(storage.value.quantities); expected 2 burgers"
                    + (storage.value == Order([burger: 1]) ? ": it still holds what it was given, so the adds went elsewhere; keep the order in it, not in a lock of your own" : "")))
        #expect(order.quantity(of: burger) == 2, "quantity(of:) says \(order.quantity(of: burger)) burgers; expected the 2 in the Locked it was given")
    }

    /// Another caller's `add(pie, upTo: 3)`, run once, the first time the lock is let go
    /// after `arm()`: in one thread, at the moment a race would need.
    final class Intruder: Sendable {
        let order = Locked<SharedOrder?>(nil)
        let storage = Locked<Locked<Order>?>(nil)
        let armed = Locked(false)
        let answer = Locked<Bool?>(nil)
        /// The pies in the order when this caller came in: 2 means the first caller let go
        /// of the lock after its check and before its add.
        let piesWhenLetIn = Locked<Int?>(nil)
        let pie: MenuItem

        init(pie: MenuItem) { self.pie = pie }

        func arm() { armed.withLock { $0 = true } }

        func lockLetGo() {
            guard armed.withLock({ armed in defer { armed = false }; return armed }), let order = order.value else { return }
            let pies = storage.value?.value.quantity(of: pie)
            piesWhenLetIn.withLock { $0 = pies }
            let added = order.add(pie, upTo: 3)
            answer.withLock { $0 = added }
        }
    }

    @Test("checks and adds under one lock: a caller let in whenever the lock is let go cannot push the order past the limit")
    func checkAndAddAreOneStep() {
        let intruder = Intruder(pie: pie)
        let storage = Locked(Order([pie: 2]), afterUnlock: { intruder.lockLetGo() })
        let order = SharedOrder(storage)
        intruder.order.withLock { $0 = order }
        intruder.storage.withLock { $0 = storage }
        intruder.arm()
        let added = order.add(pie, upTo: 3)
        let pies = storage.value.quantity(of: pie), seen = intruder.piesWhenLetIn.value
        // The split is named only when it is seen: the caller came in while the order
        // still had 2 pies, and the first caller added after it all the same.
        let split = seen == 2 && added && pies > 3
        #expect(pies == 3,
                Comment(rawValue: "with 2 pies and a limit of 3, another caller came in as soon as add(_:upTo:) first let go of the lock"
                    + (seen.map { ", when the order had \($0) pies" } ?? "")
                    + ", and the order ended with \(pies) pies; expected 3"
                    + (split ? ": add(_:upTo:) let go of the lock before adding, and added after that caller had; a check under one withLock and an add under another let it in between; check and add under one withLock" : "")))
        #expect(added && intruder.answer.value == false,
                "the first caller was told \(added) and the one that came in \(intruder.answer.value.map(String.init) ?? "nothing"); expected true for the first (it had the lock first) and false for the second")
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
