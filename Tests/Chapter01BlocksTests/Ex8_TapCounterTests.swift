import Dispatch
import Synchronization
import Testing
import Stage
import Chapter01Blocks

@Suite("Exercise 1.8: Count the taps, in Swift 6")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct Ex8_TapCounterTests {
    @Test("reads 0 before the first tap")
    func zeroAtFirst() {
        let taps = countTaps(on: Button(title: "+"))
        #expect(taps() == 0, "the counter read \(taps()) before any tap; expected 0")
    }

    @Test("counts every delivered tap")
    func countsTaps() {
        let button = Button(title: "+")
        let taps = countTaps(on: button)
        for _ in 1...3 { button.tap() }
        #expect(taps() == 3, "after 3 taps the counter read \(taps()); expected 3")
    }

    @Test("does not count the taps a disabled button refuses")
    func disabled() {
        let button = Button(title: "+")
        let taps = countTaps(on: button)
        button.tap()
        button.isEnabled = false
        button.tap()
        button.tap()
        #expect(taps() == 1, "1 tap delivered and 2 refused by a disabled button read \(taps()); expected 1")
    }

    @Test("keeps two buttons' counts apart")
    func independent() {
        let plus = Button(title: "+"), minus = Button(title: "−")
        let plusTaps = countTaps(on: plus), minusTaps = countTaps(on: minus)
        plus.tap()
        plus.tap()
        minus.tap()
        #expect((plusTaps(), minusTaps()) == (2, 1),
                "2 taps on one button and 1 on another read \(plusTaps()) and \(minusTaps()); expected 2 and 1")
    }

    @Test("can be read from many threads at once")
    func readFromManyThreads() {
        let button = Button(title: "+")
        let taps = countTaps(on: button)
        for _ in 1...2_000 { button.tap() }  // taps arrive on the main actor, as in UIKit
        let readings = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 100) { _ in
            let count = taps()
            readings.withLock { $0.append(count) }
        }
        let seen = readings.withLock { $0 }
        #expect(seen == Array(repeating: 2_000, count: 100),
                "after 2000 taps, 100 reads from other threads saw \(Set(seen).sorted()); expected 2000 every time")
    }
}
