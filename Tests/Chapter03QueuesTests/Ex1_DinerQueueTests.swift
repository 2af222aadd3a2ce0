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
        // The first block waits (at most 100 ms) for the second to start. On a serial
        // queue the second cannot start until the first ends, so the wait always times
        // out; on a concurrent queue the second starts at once and ends the wait early.
        // The bounded wait is paid only by a correct, serial queue, and only once.
        let queue = makeDinerQueue()
        let secondStarted = DispatchSemaphore(value: 0)
        let overlapped = Locked<Bool?>(nil)
        let group = DispatchGroup()
        queue.async(group: group) {
            let sawSecond = secondStarted.wait(timeout: .now() + .milliseconds(100)) == .success
            overlapped.withLock { $0 = sawSecond }
        }
        queue.async(group: group) { secondStarted.signal() }
        let finished: Void? = await awaitCallback { done in group.notify(queue: .global()) { done(()) } }
        try #require(finished != nil, "the two test blocks never finished on the diner's queue")
        #expect(overlapped.value == false,
                "the second block started while the first was still running: the queue is concurrent; leave out `attributes: .concurrent` to get a serial queue")
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
