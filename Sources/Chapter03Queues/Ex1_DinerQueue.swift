import Dispatch
import Stage

/// The reverse-DNS label of the diner's queue. Labels show up in crash reports and in
/// the debugger, so they name the app and the job: `com.<company>.<app>.<job>`.
public let dinerQueueLabel = "com.closuresworkbook.diner.inventory"

/// Creates the diner's own serial queue, labelled `dinerQueueLabel`, for work the
/// user is waiting for (`.userInitiated`).
public func makeDinerQueue() -> DispatchQueue {
    // BEGIN SOLUTION
    // No `attributes:` means serial: one block at a time, in the order submitted.
    // `.userInitiated` because a customer is staring at "Loading Inventory…".
    DispatchQueue(label: dinerQueueLabel, qos: .userInitiated)
    // STARTER:
    // DispatchQueue(label: "queue", attributes: .concurrent)
    // END SOLUTION
}

/// Prepares each ticket on `queue`, in order, with one block per ticket: each block
/// records `"prepare <ticket>"` as a span on `recorder`. Calls `done` once, on `queue`,
/// after the last ticket (at once, still on `queue`, when there are no tickets).
public func prepareTickets(
    _ tickets: [String],
    on queue: DispatchQueue,
    recorder: QueueRecorder,
    done: @escaping @Sendable () -> Void
) {
    // BEGIN SOLUTION
    // One `async` per ticket: the serial queue runs them one at a time, in the order
    // they were submitted, so the `done` block submitted last runs after all of them.
    for ticket in tickets {
        queue.async { recorder.span("prepare \(ticket)") {} }
    }
    queue.async(execute: done)
    // STARTER:
    // for ticket in tickets.reversed() {
    //     recorder.span("prepare \(ticket)") {}
    // }
    // done()
    // END SOLUTION
}
