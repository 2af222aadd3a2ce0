import Foundation
import Testing
import Stage
import Chapter04Animation

@Suite("Exercise 4.6: The “+1” badge")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct Ex6_BadgeTests {
    /// "+1" flies from the picture to the chalkboard, "−1" back from the chalkboard.
    nonisolated static let texts = ["+1", "−1"]
    nonisolated static let routes: [(from: CGPoint, to: CGPoint)] = [
        (CGPoint(x: 160, y: 310), CGPoint(x: 160, y: 120)),
        (CGPoint(x: 160, y: 120), CGPoint(x: 160, y: 310)),
    ]

    static func fly(_ text: String, on screen: DinerScreen) -> Label {
        text == "+1"
            ? flyBadge(text, from: screen.picture, to: screen.chalkboard, in: screen.root, animator: screen.animator)
            : flyBadge(text, from: screen.chalkboard, to: screen.picture, in: screen.root, animator: screen.animator)
    }

    @Test("flies from one centre to the other while it fades out, over one second", arguments: zip(texts, routes))
    func flight(text: String, route: (from: CGPoint, to: CGPoint)) {
        let screen = DinerScreen()
        let badge = Self.fly(text, on: screen)
        let frames = screen.animator.segments(of: badge, .frame)
        let alphas = screen.animator.segments(of: badge, .alpha)
        #expect(badge.text == text, "the badge should read \(text), reads \(badge.text.debugDescription)")
        #expect(frames.count == 1 && alphas.count == 1,
                "one animation should move the badge and fade it, together: \(screen.animator.timeline)")
        if let move = frames.first, let from = move.from.frameValue, let to = move.to.frameValue {
            #expect(CGPoint(x: from.midX, y: from.midY) == route.from, "the \(text) badge should start centred at \(route.from), started at \(from)")
            #expect(CGPoint(x: to.midX, y: to.midY) == route.to, "the \(text) badge should land centred at \(route.to), landed at \(to)")
            #expect(move.duration == 1, "the flight lasts one second, not \(move.duration.stageText)")
        }
        #expect(alphas.first?.to == .alpha(0) && alphas.first?.duration == 1, "the badge should fade to 0 over one second: \(alphas)")
    }

    @Test("stays on screen during its flight, half faded half way")
    func visibleDuringFlight() {
        let screen = DinerScreen()
        let badge = Self.fly("+1", on: screen)
        screen.clock.advance(by: 0.5)
        #expect(badge.superview === screen.root,
                "half way through the flight (0.5 s) the badge was not in screen.root (its superview: \(badge.superview?.name ?? "none")); it should stay there until its flight ends")
        #expect(screen.animator.presentationAlpha(of: badge) == 0.5,
                Comment(rawValue: "half way through, the badge should be half faded (alpha 0.5), shows \(screen.animator.presentationAlpha(of: badge).stageText)"
                    + (screen.animator.segments(of: badge, .alpha).isEmpty ? ": its alpha was never animated; set alpha inside the animations block" : "")))
    }

    @Test("leaves nothing behind when it lands")
    func removedAtTheEnd() {
        let screen = DinerScreen()
        let before = screen.root.subviews.map(\.name)
        let badge = Self.fly("+1", on: screen)
        screen.clock.advance(by: 1)
        #expect(badge.superview == nil, "the badge is still in the view hierarchy after it landed: \(screen.root.subviews.map(\.name))")
        #expect(screen.root.subviews.map(\.name) == before, "the screen should be back to \(before)")
    }

    @Test("two quick taps fly two badges, each removed when its own flight ends")
    func twoBadges() {
        let screen = DinerScreen()
        let first = Self.fly("+1", on: screen)
        screen.clock.advance(by: 0.3)
        let second = Self.fly("+1", on: screen)
        screen.clock.advance(to: 1)
        #expect(first.superview == nil, "the first badge should be gone at 1 s")
        #expect(second.superview === screen.root, "the second badge flies until 1.3 s; at 1 s it was not in screen.root")
        screen.clock.advance(to: 1.3)
        #expect(second.superview == nil, "the second badge should be gone at 1.3 s")
    }

    @Test("is removed even when its flight is stopped")
    func removedWhenStopped() {
        let screen = DinerScreen()
        let badge = Self.fly("−1", on: screen)
        screen.clock.advance(by: 0.4)
        screen.animator.stopAnimations(of: badge)
        screen.clock.runUntilIdle()
        #expect(badge.superview == nil,
                "a stopped flight calls the completion with finished == false; the badge must go anyway")
    }
}
