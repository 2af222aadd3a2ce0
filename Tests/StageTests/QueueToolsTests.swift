import Dispatch
import Foundation
import Stage
import Testing

@Suite("Queue names")
@MainActor  // one test writes on a label, which belongs to the main actor
struct QueueNameTests {
    @Test("name the main queue, tracked queues by label, and anything else as untracked")
    func names() async {
        let tracked = DispatchQueue(label: "com.closuresworkbook.tests.tracked")
        QueueName.track(tracked)
        let untracked = DispatchQueue(label: "com.closuresworkbook.tests.untracked")
        let names: [String]? = await awaitCallback { done in
            DispatchQueue.main.async {
                let main = QueueName.current
                tracked.async {
                    let onTracked = QueueName.current
                    untracked.async { done([main, onTracked, QueueName.current]) }
                }
            }
        }
        #expect(names == ["main", "com.closuresworkbook.tests.tracked", QueueName.untracked])
    }

    @Test("let a label say which queue set each text")
    func labelRecordsQueue() async {
        let label = Label()
        let queue = DispatchQueue(label: "com.closuresworkbook.tests.setter")
        QueueName.track(queue)
        // Swift 6 code cannot do this (the label is main-actor); code the compiler cannot see can.
        _ = await awaitCallback { done in LegacyCode.async(on: queue) { label.text = "from the queue"; done(()) } }
        #expect(label.changes == [Label.TextChange(text: "from the queue", onMainQueue: false, queue: queue.label)])
        #expect(label.changes[0].description == #""from the queue" (set off the main queue, on com.closuresworkbook.tests.setter)"#)
    }
}

@Suite("A label's drawn texts")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct LabelDrawingTests {
    @Test("skip a text replaced before the main queue was free to draw it")
    func redrawCoalesces() async {
        let label = Label()
        let drawn: [String]? = await awaitCallback { done in
            DispatchQueue.main.async {
                label.text = "Loading Inventory…"
                label.text = "Inventory Loaded"   // same turn of the main queue
                DispatchQueue.main.async {
                    label.text = "How can I help you?"
                    DispatchQueue.main.async { done(label.drawnTexts) }
                }
            }
        }
        #expect(drawn == ["Inventory Loaded", "How can I help you?"])
        #expect(label.history == ["Loading Inventory…", "Inventory Loaded", "How can I help you?"])
    }
}

@Suite("The queue recorder")
struct QueueRecorderTests {
    @Test("stamps each event with its queue and a logical tick, spans with begin and end")
    func entries() async {
        let queue = DispatchQueue(label: "com.closuresworkbook.tests.recorder")
        QueueName.track(queue)
        let recorder = QueueRecorder()
        _ = await awaitCallback { done in
            DispatchQueue.main.async {
                recorder.record("tap")
                queue.async {
                    recorder.span("fetch") { recorder.record("inside") }
                    DispatchQueue.main.async { recorder.record("show"); done(()) }
                }
            }
        }
        #expect(recorder.entries == [
            .init(queue: "main", event: "tap", begin: 1, end: 1),
            .init(queue: queue.label, event: "fetch", begin: 2, end: 4),
            .init(queue: queue.label, event: "inside", begin: 3, end: 3),
            .init(queue: "main", event: "show", begin: 5, end: 5),
        ])
        #expect(recorder.lanes == ["main", queue.label])
        #expect(recorder.timeline == """
        main | com.closuresworkbook.tests.recorder
        tap  |
             | fetch
             | inside
        show |
        """)
    }

    @Test("draws one lane per queue in its swimlane figure")
    func figure() {
        let recorder = QueueRecorder()
        recorder.record("one")
        recorder.span("two") {}
        let svg = recorder.swimlanes(title: "Two events").description
        #expect(svg.hasPrefix("<svg ") && svg.hasSuffix("</svg>"))
        #expect(svg.contains(">\(QueueName.untracked)</text>"))
        #expect(svg.contains("<circle") && svg.contains(#"style="fill:#5b8def""#))
    }
}

@Suite("The checked serial queue")
struct CheckedSerialQueueTests {
    @Test("records a sync onto itself instead of deadlocking, and not a sync from outside")
    func detectsReentrantSync() {
        let queue = CheckedSerialQueue(label: "com.closuresworkbook.tests.checked")
        let value = queue.sync { queue.sync("inner") { 42 } }
        #expect(value == 42)
        #expect(queue.deadlocks == ["inner called sync on com.closuresworkbook.tests.checked while already running on it"])
        #expect(queue.isCurrent == false)
    }
}

@Suite("Awaiting a callback")
struct AwaitCallbackTests {
    @Test("returns the first value, and nil when the callback never comes")
    func firstValueOrTimeout() async {
        let first: Int? = await awaitCallback { done in done(1); done(2) }
        #expect(first == 1)
        let never: Int? = await awaitCallback(timeout: .milliseconds(20)) { _ in }
        #expect(never == nil)
    }
}
