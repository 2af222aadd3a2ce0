import Dispatch
import Testing
import Stage
import Chapter01Blocks

@Suite("Exercise 1.8: Count the taps, in Swift 6")
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

    @Test("counts taps from many threads at once, losing none")
    func concurrentTaps() {
        let button = Button(title: "+")
        let taps = countTaps(on: button)
        DispatchQueue.concurrentPerform(iterations: 2_000) { _ in button.tap() }
        #expect(taps() == 2_000, "2000 taps from many threads at once read \(taps()); expected 2000, so some updates were lost")
    }
}
