import Chapter04Animation
import Foundation
import Stage
import Testing

@Suite("Exercise 4.9: Log the landings, in Swift 6")
struct Ex9_LandingLogTests {
    let target = CGPoint(x: 100, y: 100)

    func views(_ names: String...) -> [View] {
        names.map { View(frame: CGRect(x: 0, y: 0, width: 10, height: 10), name: $0) }
    }

    @Test("records each view when its flight ends, in the order they end")
    func landings() {
        let animator = Animator(), log = LandingLog()
        fly(views("a", "b"), to: target, duration: 1, animator: animator, log: log)
        fly(views("c"), to: target, duration: 0.5, animator: animator, log: log)
        animator.clock.advance(by: 1)
        #expect(log.landed == ["c", "a", "b"], "the log read \(log.landed); expected c (0.5 s) then a and b (1 s)")
    }

    @Test("records nothing before a flight ends")
    func notYet() {
        let animator = Animator(), log = LandingLog()
        fly(views("a"), to: target, duration: 1, animator: animator, log: log)
        animator.clock.advance(by: 0.5)
        #expect(log.landed.isEmpty, "half way through the flight the log read \(log.landed); expected nothing yet")
    }

    @Test("records a flight that was stopped on the way")
    func stopped() {
        let animator = Animator(), log = LandingLog()
        let flying = views("a")
        fly(flying, to: target, duration: 1, animator: animator, log: log)
        animator.clock.advance(by: 0.25)
        animator.stopAnimations(of: flying[0])
        animator.clock.advance(by: 0)
        #expect(log.landed == ["a"], "a stopped flight left the log at \(log.landed); expected it recorded")
    }

    @Test("records nothing when there is nothing to fly")
    func empty() {
        let animator = Animator(), log = LandingLog()
        fly([], to: target, duration: 1, animator: animator, log: log)
        animator.clock.advance(by: 2)
        #expect(log.landed.isEmpty, "flying no views logged \(log.landed)")
    }

    @Test("loses no landing recorded from many threads at once")
    func concurrent() {
        let log = LandingLog()
        DispatchQueue.concurrentPerform(iterations: 2_000) { index in log.record("v\(index)") }
        #expect(log.landed.count == 2_000, "2000 landings recorded from many threads at once, but the log holds \(log.landed.count)")
        #expect(Set(log.landed).count == 2_000, "the log holds duplicates or damaged names")
    }
}
