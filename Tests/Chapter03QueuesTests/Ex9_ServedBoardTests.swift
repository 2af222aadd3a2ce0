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
            serve(orders, on: kitchen, board: board) { callback((MainQueue.isCurrent, label.history)) }
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
}
