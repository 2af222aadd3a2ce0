import Chapter03Queues
import Dispatch
import Stage
import Testing

@Suite("Exercise 3.1: Create the diner's serial queue")
struct Ex1_DinerQueueTests {
    @Test("labels the queue with the diner's reverse-DNS name")
    func label() {
        let queue = makeDinerQueue()
        #expect(queue.label == dinerQueueLabel,
                "the queue is labelled “\(queue.label)”; label it “\(dinerQueueLabel)” so crash reports and the debugger say whose queue it is")
    }

    @Test("asks for the user-initiated quality of service")
    func qualityOfService() {
        let queue = makeDinerQueue()
        #expect(queue.qos.qosClass == .userInitiated,
                "the queue's quality of service is \(queue.qos.qosClass); a customer is waiting for the inventory, so ask for .userInitiated")
    }

    @Test("runs one block at a time, even when the first one waits")
    func oneAtATime() async throws {
        // While a first block runs, a block sent with `queue.sync` from another thread runs
        // at once on a concurrent queue, and waits for the first block on a serial one.
        // (How, and why not two `async` blocks: `OverlapProbe`.)
        let finding = try #require(await OverlapProbe.observe(makeDinerQueue()),
                                   "the diner's queue never let the test's blocks finish")
        try #require(finding != .firstNeverRan, "a block sent to the diner's queue with async never ran; is the queue created inactive?")
        #expect(finding != .overlapped,
                "a block sent with queue.sync ran while the first block was still running: the queue is concurrent; leave out `attributes: .concurrent` to get a serial queue")
        #expect(finding != .undecided, "the test's own thread was too slow to tell, five times over: the machine is too busy to grade this test")
    }

    @Test("prepares tickets in order, one at a time, on the queue it is given",
          arguments: [["Burger"], ["Burger", "Fries", "Milkshake"], (1...20).map { "Table \($0)" }])
    func ticketsInOrder(tickets: [String]) async throws {
        let queue = DispatchQueue(label: "com.closuresworkbook.tests.kitchen")
        QueueName.track(queue)
        let recorder = QueueRecorder()
        let finished: Void? = await awaitCallback { done in
            prepareTickets(tickets, on: queue, recorder: recorder) { done(()) }
        }
        try #require(finished != nil, "prepareTickets never called done")
        let entries = recorder.entries
        #expect(entries.map(\.event) == tickets.map { "prepare \($0)" },
                "the kitchen prepared \(entries.map(\.event)); expected every ticket once, in the order given")
        let wrongQueue = entries.filter { $0.queue != queue.label }
        #expect(wrongQueue.isEmpty,
                "these tickets were prepared off the queue passed in: \(wrongQueue); submit each one with queue.async")
        let overlapping = zip(entries, entries.dropFirst()).filter { ($0.end ?? .max) > $1.begin }
        #expect(overlapping.isEmpty, "tickets overlapped: \(overlapping.map { "\($0.0.event) with \($0.1.event)" })")
    }

    @Test("calls done once, on the queue, after the last ticket — and with no tickets at all")
    func doneLast() async throws {
        let queue = DispatchQueue(label: "com.closuresworkbook.tests.kitchen")
        QueueName.track(queue)
        for tickets in [[], ["Burger", "Fries"]] {
            let recorder = QueueRecorder()
            let finished: Void? = await awaitCallback { done in
                prepareTickets(tickets, on: queue, recorder: recorder) {
                    recorder.record("done")
                    done(())
                }
            }
            try #require(finished != nil, "prepareTickets(\(tickets)) never called done")
            #expect(recorder.log == tickets.map { "\(queue.label): prepare \($0)" } + ["\(queue.label): done"],
                    "with tickets \(tickets) the recording was \(recorder.log); done must come last, on the queue")
        }
    }
}
