import Dispatch
import Stage
import Testing

@Suite("The overlap probe tells serial queues from concurrent ones")
struct OverlapProbeTests {
    @Test("even while every worker of the queue's quality of service is blocked", arguments: [false, true])
    func busyWorkers(concurrent: Bool) async {
        // Eight blocked workers: a concurrent queue's second `async` block then started
        // seconds late on this 2-processor machine, which fooled a wait of 100 ms. The
        // quality of service is one no other test here uses: each has its own workers.
        let hog = DispatchQueue(label: "com.closuresworkbook.tests.hog", qos: .utility, attributes: .concurrent)
        let release = DispatchSemaphore(value: 0)
        for _ in 0..<8 { hog.async { release.wait() } }
        defer { for _ in 0..<8 { release.signal() } }
        let queue = DispatchQueue(label: "com.closuresworkbook.tests.probed", qos: .utility,
                                  attributes: concurrent ? .concurrent : [])
        let finding = await OverlapProbe.observe(queue)
        #expect(finding == (concurrent ? .overlapped : .oneAtATime))
    }

    @Test("and says so when the queue never runs the first block")
    func inactiveQueue() async {
        let queue = DispatchQueue(label: "com.closuresworkbook.tests.inactive", attributes: .initiallyInactive)
        let finding = await OverlapProbe.observe(queue, startLimit: .milliseconds(50))
        #expect(finding == .firstNeverRan)
        queue.activate()  // lets the waiting block run out, so nothing is left behind
    }
}
