import Foundation

/// The view properties the stage animates.
public enum AnimatedProperty: String, Sendable, Hashable {
    case frame
    case alpha
}

/// A value of an animated property.
public enum AnimatedValue: Sendable, Equatable, CustomStringConvertible {
    case frame(CGRect)
    case alpha(Double)

    public var property: AnimatedProperty {
        switch self {
        case .frame: .frame
        case .alpha: .alpha
        }
    }

    /// The frame, when this is a frame value.
    public var frameValue: CGRect? {
        if case .frame(let frame) = self { return frame }
        return nil
    }

    /// The opacity, when this is an alpha value.
    public var alphaValue: Double? {
        if case .alpha(let alpha) = self { return alpha }
        return nil
    }

    /// The value a `fraction` of the way from `self` to `end` (the stage animates linearly).
    func interpolated(to end: AnimatedValue, fraction: Double) -> AnimatedValue {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
        switch (self, end) {
        case let (.frame(a), .frame(b)):
            return .frame(CGRect(
                x: mix(a.origin.x, b.origin.x), y: mix(a.origin.y, b.origin.y),
                width: mix(a.width, b.width), height: mix(a.height, b.height)))
        case let (.alpha(a), .alpha(b)):
            return .alpha(mix(a, b))
        default:
            return fraction < 1 ? self : end
        }
    }

    public var description: String {
        switch self {
        case .frame(let f):
            "(\(f.origin.x.stageText), \(f.origin.y.stageText), \(f.width.stageText), \(f.height.stageText))"
        case .alpha(let a):
            a.stageText
        }
    }
}

/// One property of one view, animated from one value to another: a line of the
/// animator's timeline.
public struct AnimationSegment: Sendable, Equatable, CustomStringConvertible {
    /// The animated view's `name`.
    public let viewName: String
    /// Which view, so that segments of two views with the same name stay apart.
    public let viewID: ObjectIdentifier
    public let from: AnimatedValue
    public let to: AnimatedValue
    /// Virtual time when the segment started, in seconds.
    public let start: Double
    /// How long it was meant to take, in seconds.
    public let duration: Double
    /// When the segment was cut short — replaced by a newer animation of the same
    /// property, or stopped — or `nil` when it ran (or is running) to its end.
    public internal(set) var interruptedAt: Double?

    public var property: AnimatedProperty { to.property }

    /// When the segment was meant to end.
    public var end: Double {
        // In whole microseconds, as the clock counts: 0.4 + 0.2 is exactly 0.6 here.
        VirtualClock.seconds(VirtualClock.ticks(start) + VirtualClock.ticks(duration))
    }

    /// Whether `view` is the view this segment animates.
    public func isOf(_ view: View) -> Bool { viewID == ObjectIdentifier(view) }

    /// The value shown at `time`, when the segment is the one in charge then.
    public func value(at time: Double) -> AnimatedValue {
        let stop = min(time, interruptedAt ?? time)
        guard VirtualClock.ticks(duration) > 0 else { return stop >= start ? to : from }
        let elapsed = VirtualClock.ticks(stop) - VirtualClock.ticks(start)
        let fraction = min(1, max(0, Double(elapsed) / Double(VirtualClock.ticks(duration))))
        return from.interpolated(to: to, fraction: fraction)
    }

    /// `"0–0.2 s  button frame (20, 416, 100, 44) → (20, 20, 100, 44)"`, with
    /// `"  (cut at 0.1 s)"` when it was interrupted.
    public var description: String {
        var text = "\(start.stageText)–\(end.stageText) s  \(viewName) \(property.rawValue) \(from) → \(to)"
        if let interruptedAt { text += "  (cut at \(interruptedAt.stageText) s)" }
        return text
    }
}

extension View {
    /// The current (model) value of an animatable property.
    func modelValue(_ property: AnimatedProperty) -> AnimatedValue {
        switch property {
        case .frame: .frame(frame)
        case .alpha: .alpha(alpha)
        }
    }

    /// Sets a property's model value (used when an animation is stopped midway).
    func setModelValue(_ value: AnimatedValue) {
        switch value {
        case .frame(let frame): self.frame = frame
        case .alpha(let alpha): self.alpha = alpha
        }
    }
}
