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
        // Sizes from the text, at roughly 7 px a character of the 12 px font, so that
        // lane names and event labels do not run into each other.
        let labelWidth = Double(lanes.map(\.count).max() ?? 4) * 7 + 20
        let tickWidth = max(60, Double(entries.map(\.event.count).max() ?? 0) * 7 + 10)
        let laneHeight = 44.0, top = 30.0
        let width = labelWidth + Double(lastTick) * tickWidth + 20
        let height = top + Double(max(lanes.count, 1)) * laneHeight + 40
        var svg = SVG(width: width, height: height, title: title)
        svg.text(title, x: 10, y: 18, style: "font-weight:bold")
        func x(_ tick: Int) -> Double { labelWidth + Double(tick - 1) * tickWidth + tickWidth / 2 }
        for (index, lane) in lanes.enumerated() {
            let y = top + Double(index) * laneHeight
            svg.rect(x: 0, y: y, width: width, height: laneHeight,
                     style: index % 2 == 0 ? "fill:#f4f4f4" : "fill:#ffffff")
            svg.text(lane, x: 10, y: y + laneHeight / 2 + 4)
        }
        for entry in entries {
            guard let lane = lanes.firstIndex(of: entry.queue) else { continue }
            let y = top + Double(lane) * laneHeight
            let end = entry.end ?? lastTick
            if end == entry.begin {
                svg.circle(cx: x(entry.begin), cy: y + 14, r: 5, style: "fill:#d9534f")
            } else {
                svg.rect(x: x(entry.begin) - 5, y: y + 8, width: x(end) - x(entry.begin) + 10,
                         height: 12, style: "fill:#5b8def")
            }
            svg.text(entry.event, x: (x(entry.begin) + x(end)) / 2, y: y + 36, anchor: "middle")
        }
        let axisY = top + Double(lanes.count) * laneHeight + 16
        svg.polyline([(x: labelWidth, y: axisY), (x: width - 10, y: axisY)], style: "stroke:#000;fill:none", arrow: true)
        svg.text("order of events", x: labelWidth, y: axisY + 12, style: "font-size:10px")
        return svg
    }
}
