import Foundation
import WorkbookSystem

/// The gradebook page's two charts, as inline SVG (the page loads nothing): how the class's
/// totals are spread, and each exercise's pass rate. Each has a text alternative.
enum StatisticsCharts {
    static let width = 560, height = 160, margin = 28

    /// A histogram of `totals` in ten bins from 0 to `possible`.
    static func distribution(_ totals: [Double], possible: Double) -> String {
        guard !totals.isEmpty, possible > 0 else { return "" }
        let binCount = 10
        var bins = Array(repeating: 0, count: binCount)
        for total in totals { bins[min(binCount - 1, max(0, Int(total / possible * Double(binCount))))] += 1 }
        let labels = (0..<binCount).map { index in
            "\(Gradebook.number(possible * Double(index) / Double(binCount)))–\(Gradebook.number(possible * Double(index + 1) / Double(binCount)))"
        }
        let summary = zip(labels, bins).filter { $0.1 > 0 }.map { "\($0.1) with \($0.0)" }.joined(separator: ", ")
        return bars(title: "Totals: \(totals.count) students, of \(Gradebook.number(possible)) points", description: summary,
                    values: bins.map(Double.init), labels: labels, top: Double(bins.max() ?? 1), caption: { "\(Int($0))" })
    }

    /// Each exercise's share of students passing, of those who handed its chapter in.
    static func passRates(_ rows: [(id: String, passed: Int, students: Int)]) -> String {
        guard !rows.isEmpty else { return "" }
        let rates = rows.map { $0.students == 0 ? 0 : Double($0.passed) / Double($0.students) }
        let summary = zip(rows, rates).map { "\($0.0.id): \(Int(($0.1 * 100).rounded()))%" }.joined(separator: ", ")
        return bars(title: "Pass rate per exercise", description: summary, values: rates, labels: rows.map(\.id), top: 1,
                    caption: { "\(Int(($0 * 100).rounded()))%" })
    }

    private static func bars(title: String, description: String, values: [Double], labels: [String], top: Double,
                             caption: (Double) -> String) -> String {
        let plotWidth = width - 2 * margin, plotHeight = height - 2 * margin
        let slot = Double(plotWidth) / Double(max(1, values.count))
        var svg = "<figure class=\"chart\"><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" "
            + "aria-label=\"\(HTML.escape(title)): \(HTML.escape(description))\" width=\"\(width)\" height=\"\(height)\">"
        for (index, value) in values.enumerated() {
            let barHeight = top > 0 ? Double(plotHeight) * value / top : 0
            let x = Double(margin) + slot * Double(index) + slot * 0.15
            let y = Double(margin + plotHeight) - barHeight
            svg += "<rect x=\"\(format(x))\" y=\"\(format(y))\" width=\"\(format(slot * 0.7))\" height=\"\(format(barHeight))\" fill=\"#4a7bb7\"/>"
            svg += "<text x=\"\(format(x + slot * 0.35))\" y=\"\(format(y - 3))\" font-size=\"10\" text-anchor=\"middle\">\(HTML.escape(caption(value)))</text>"
            svg += "<text x=\"\(format(x + slot * 0.35))\" y=\"\(height - margin + 14)\" font-size=\"9\" text-anchor=\"middle\">\(HTML.escape(labels[index]))</text>"
        }
        svg += "<line x1=\"\(margin)\" y1=\"\(margin + plotHeight)\" x2=\"\(width - margin)\" y2=\"\(margin + plotHeight)\" stroke=\"#555\"/>"
        return svg + "</svg><figcaption>\(HTML.escape(title))</figcaption></figure>\n"
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
