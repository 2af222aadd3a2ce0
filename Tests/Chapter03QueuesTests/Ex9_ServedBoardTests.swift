import Chapter03Queues
import Dispatch
import Stage
import Testing

@Suite("Exercise 3.9: Count the served orders, in Swift 6")
@MainActor
struct Ex9_ServedBoardTests {
    let kitchen = DispatchQueue(label: "com.closuresworkbook.tests.kitchen")

    /// Serves `orders` and waits for `done`; what the label showed and where `done` ran.
    func serveAndWait(_ orders: [String], board: ServedBoard) async -> (finished: Bool, doneOnMain: Bool, shownAtDone: [String]) {
        let seen: (Bool, [String])? = await awaitCallback { callback in
            let label = board.label
            serve(orders, on: kitchen, board: board) {
                // The label may be read only on the main actor; off it, report that instead.
                let onMain = MainQueue.isCurrent
                callback((onMain, onMain ? MainActor.assumeIsolated { label.history } : []))
            }
        }
        return (seen != nil, seen?.0 ?? false, seen?.1 ?? [])
    }

    @Test("records every order on the board, counting up")
    func countsUp() async throws {
        let board = ServedBoard()
        let result = await serveAndWait(["burger", "fries", "shake"], board: board)
        try #require(result.finished, "serve never called done")
        #expect(board.served == 3, "3 orders served, but the board counted \(board.served)")
        #expect(board.label.history == ["1 served", "2 served", "3 served"],
                "the sign showed \(board.label.history); expected 1, 2 and 3 served, in that order")
    }

    @Test("calls done on the main queue, once the board shows the last count")
    func doneLast() async throws {
        let result = await serveAndWait(["burger", "fries"], board: ServedBoard())
        try #require(result.finished, "serve never called done")
        #expect(result.doneOnMain, "done ran off the main queue; it must be called on the main queue")
        #expect(result.shownAtDone == ["1 served", "2 served"],
                "when done ran, the sign had shown \(result.shownAtDone); expected both counts first")
    }

    @Test("serves nothing and still calls done when there are no orders")
    func noOrders() async throws {
        let board = ServedBoard()
        let result = await serveAndWait([], board: board)
        try #require(result.finished, "with no orders serve never called done")
        #expect(board.served == 0 && board.label.history.isEmpty,
                "with no orders the board counted \(board.served) and showed \(board.label.history); expected nothing")
    }

    @Test("returns before any order is served: the serving happens on the kitchen's queue")
    func returnsAtOnce() async throws {
        let board = ServedBoard()
        let done: Void? = await awaitCallback { callback in
            serve(["burger"], on: kitchen, board: board) { callback(()) }
            #expect(board.served == 0, "the board had counted \(board.served) before serve returned; the work must run later, off the main queue")
        }
        #expect(done != nil, "serve never called done")
    }

    @Test("hands each count to the main queue without waiting for it: the kitchen is free while the main queue is busy")
    func hopsDoNotWait() async throws {
        let board = ServedBoard()
        let probe = DispatchSemaphore(value: 0)
        let done: Void? = await awaitCallback { callback in
            serve(["burger", "fries", "pie"], on: kitchen, board: board) { callback(()) }
            // This test holds the main queue; a block queued behind the serving tells when
            // the kitchen is free. `main.async` returns at once, `main.sync` waits for the
            // held main queue.
            kitchen.async { probe.signal() }
            let free = probe.wait(timeout: .now() + .seconds(3)) == .success
            #expect(free, "the main queue was held for 3 s and the kitchen stayed busy all that time; expected it to hand each count to the main queue and go on (`DispatchQueue.main.async` returns without waiting, `sync` waits)")
        }
        try #require(done != nil, "serve never called done")
        #expect(board.label.history == ["1 served", "2 served", "3 served"], "the sign showed \(board.label.history); expected 1, 2 and 3 served, in that order")
    }

    @Test("returns while the kitchen is still busy with earlier work")
    func returnsWhileKitchenBusy() async throws {
        let board = ServedBoard()
        // The test holds the kitchen's queue until serve has returned, so handing the
        // orders over cannot wait for them. A serve that waits for the kitchen is held
        // too: for two seconds at most, then the hold lets go.
        let release = DispatchSemaphore(value: 0)
        kitchen.async { _ = release.wait(timeout: .now() + .seconds(2)) }
        var took = Duration.zero
        let done: Void? = await awaitCallback { callback in
            took = ContinuousClock().measure {
                serve(["burger", "fries"], on: kitchen, board: board) { callback(()) }
            }
            release.signal()
        }
        try #require(done != nil, "serve never called done")
        #expect(took < .seconds(1),
                "with the kitchen's queue busy, serve took \(took) to return; expected it to hand the orders over and return at once, without waiting for the kitchen")
        #expect(board.label.history == ["1 served", "2 served"], "the sign showed \(board.label.history); expected 1 and 2 served, in that order")
    }

    /// One turn of the main queue: everything sent to it before this call has run.
    func mainQueueTurn() async {
        _ = await awaitCallback { (turned: @escaping @Sendable (Bool) -> Void) in DispatchQueue.main.async { turned(true) } }
    }

    @Test("serves on the kitchen's queue: while the kitchen is held nothing reaches the board, and done comes once")
    func servesOnTheKitchen() async throws {
        let board = ServedBoard()
        let dones = Locked(0)
        // A held kitchen runs nothing: what reaches the main queue meanwhile was not
        // served on the kitchen. Three turns let a hop, a hop sent by a hop, and `done` run.
        kitchen.suspend()
        serve(["burger", "fries"], on: kitchen, board: board) { dones.withLock { $0 += 1 } }
        for _ in 0..<3 { await mainQueueTurn() }
        let servedWhileHeld = board.label.history, doneWhileHeld = dones.value
        kitchen.resume()
        // Behind the serving on the kitchen, then behind its hops on the main queue.
        let drained = await awaitCallback { (finished: @escaping @Sendable (Bool) -> Void) in
            kitchen.async { DispatchQueue.main.async { finished(true) } }
        }
        try #require(drained != nil, "the kitchen's queue never ran a block sent after serve")
        #expect(servedWhileHeld.isEmpty && doneWhileHeld == 0,
                "while the kitchen's queue was held, the sign showed \(servedWhileHeld) and done ran \(doneWhileHeld) time(s); expected nothing: serve the orders in a block on the kitchen's queue")
        #expect(board.label.history == ["1 served", "2 served"], "the sign showed \(board.label.history); expected 1 and 2 served, in that order")
        #expect(dones.value == 1, "done ran \(dones.value) times once everything sent to the main queue had run; expected once")
    }
}
