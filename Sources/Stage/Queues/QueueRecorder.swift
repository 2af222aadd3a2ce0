import Foundation
import Synchronization

/// Records which queue ran which piece of work, and in what order, for snippets,
/// tests and the swimlane figure in the handouts.
///
/// Time is logical: every event takes the next tick of a counter, so a recording is
/// the same on a fast laptop and a busy build server as long as the program's order
/// of events is the same.
public final class QueueRecorder: Sendable {
    /// One piece of work: a span (`begin < end`) or an instant (`begin == end`).
    public struct Entry: Equatable, Sendable, CustomStringConvertible {
        public var queue: String
        public var event: String
        public var begin: Int
        /// `nil` while a span is still running.
        public var end: Int?

        public init(queue: String, event: String, begin: Int, end: Int?) {
            self.queue = queue
            self.event = event
            self.begin = begin
            self.end = end
        }

        public var description: String { "\(queue): \(event)" }
    }

    private struct State {
        var tick = 0
        var entries: [Entry] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Records `event` as happening now, on the caller's queue.
    public func record(_ event: String) {
        let queue = QueueName.current
        state.withLock { state in
            state.tick += 1
            state.entries.append(Entry(queue: queue, event: event, begin: state.tick, end: state.tick))
        }
    }

    /// Runs `body` and records it as a span on the caller's queue.
    public func span<T>(_ event: String, _ body: () throws -> T) rethrows -> T {
        let queue = QueueName.current
        let index = state.withLock { state in
            state.tick += 1
            state.entries.append(Entry(queue: queue, event: event, begin: state.tick, end: nil))
            return state.entries.count - 1
        }
        defer {
            state.withLock { state in
                state.tick += 1
                state.entries[index].end = state.tick
            }
        }
        return try body()
    }

    /// Everything recorded so far, in the order the work began.
    public var entries: [Entry] { state.withLock { $0.entries } }

    /// `"queue: event"` for each entry, in order.
    public var log: [String] { entries.map(\.description) }

    /// The queues that appear in the recording, in order of first appearance.
    public var lanes: [String] {
        var seen: [String] = []
        for entry in entries where !seen.contains(entry.queue) { seen.append(entry.queue) }
        return seen
    }

    /// A text swimlane: one column per queue, one row per entry.
    ///
    ///     main               | com.example.diner
    ///     Loading Inventory… |
    ///                        | fetch inventory
    public var timeline: String {
        let lanes = self.lanes, entries = self.entries
        let widths = lanes.map { lane in
            entries.filter { $0.queue == lane }.map(\.event.count).reduce(lane.count, max)
        }
        func row(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: " | ")
                .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        var rows = [row(lanes)]
        for entry in entries {
            rows.append(row(lanes.map { $0 == entry.queue ? entry.event : "" }))
        }
        return rows.joined(separator: "\n")
    }

    /// A swimlane figure: one horizontal lane per queue, logical time running left to
    /// right, a bar for each span and a dot for each instant.
    public func swimlanes(title: String) -> SVG {
        let lanes = self.lanes, entries = self.entries
        let lastTick = entries.map { $0.end ?? $0.begin }.max() ?? 1
        // Sized for paper: at most about 680 px wide, so that the 12 px text prints at
        // 9 pt or more on A4 or Letter. Each lane's name heads the lane (a queue's label
        // is long), and each event's label takes two lines, split at a space, so that a
        // step is as wide as the longer half (roughly 7 px a character), not the whole.
        let labels = entries.map { Self.twoLines($0.event) }
        let longestLine = labels.flatMap { [$0.0, $0.1] }.map(\.count).max() ?? 0
        let tickWidth = max(64, Double(longestLine) * 7 + 14)
        let laneHeight = 76.0, left = 10.0
        let nameWidth = Double(lanes.map(\.count).max() ?? 4) * 7 + 2 * left
        let width = max(nameWidth, left + Double(lastTick) * tickWidth + left)
        let height = Double(max(lanes.count, 1)) * laneHeight + 34
        var svg = SVG(width: width, height: height, title: title)
        func x(_ tick: Int) -> Double { left + Double(tick - 1) * tickWidth + tickWidth / 2 }
        for (index, lane) in lanes.enumerated() {
            let y = Double(index) * laneHeight
            svg.rect(x: 0, y: y, width: width, height: laneHeight,
                     style: index % 2 == 0 ? "fill:#f4f4f4" : "fill:#ffffff")
            svg.text(lane, x: left, y: y + 16, style: "font-weight:bold")
        }
        for (entry, label) in zip(entries, labels) {
            guard let lane = lanes.firstIndex(of: entry.queue) else { continue }
            let y = Double(lane) * laneHeight
            let end = entry.end ?? lastTick
            if end == entry.begin {
                svg.circle(cx: x(entry.begin), cy: y + 32, r: 5, style: "fill:#d9534f")
            } else {
                svg.rect(x: x(entry.begin) - 5, y: y + 26, width: x(end) - x(entry.begin) + 10,
                         height: 12, style: "fill:#5b8def")
            }
            let middle = (x(entry.begin) + x(end)) / 2
            svg.text(label.0, x: middle, y: y + 54, anchor: "middle")
            if !label.1.isEmpty { svg.text(label.1, x: middle, y: y + 68, anchor: "middle") }
        }
        let axisY = Double(lanes.count) * laneHeight + 10
        svg.polyline([(x: left, y: axisY), (x: width - 10, y: axisY)], style: "stroke:#000;fill:none", arrow: true)
        svg.text("order of events", x: left, y: axisY + 18)
        return svg
    }

    /// `text` in two lines, split at the space nearest its middle (one line when it has
    /// no space).
    static func twoLines(_ text: String) -> (String, String) {
        let spaces = text.indices.filter { text[$0] == " " }
        let middle = text.count / 2
        guard let split = spaces.min(by: {
            abs(text.distance(from: text.startIndex, to: $0) - middle) < abs(text.distance(from: text.startIndex, to: $1) - middle)
        }) else { return (text, "") }
        return (String(text[..<split]), String(text[text.index(after: split)...]))
    }
}
