import Foundation

/// A tiny SVG writer for the stage's figures (a table before and after, a queue
/// timeline, an animation path). Figures are printed by `swift run figure`
/// snippets and embedded in handouts, so the output is deterministic: fixed
/// attribute order, numbers printed with `stageText`, no timestamps or ids.
public struct SVG: Sendable, CustomStringConvertible {
    public let width: Double
    public let height: Double
    /// A short description read by screen readers (`<title>`).
    public var title: String
    private var elements: [String] = []

    public init(width: Double, height: Double, title: String) {
        self.width = width
        self.height = height
        self.title = title
    }

    /// A rectangle. `style` is inline CSS, e.g. `"fill:none;stroke:#000"`.
    public mutating func rect(x: Double, y: Double, width: Double, height: Double, style: String) {
        elements.append(
            #"<rect x="\#(x.stageText)" y="\#(y.stageText)" width="\#(width.stageText)" height="\#(height.stageText)" style="\#(style)"/>"#)
    }

    public mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, style: String) {
        elements.append(
            #"<line x1="\#(x1.stageText)" y1="\#(y1.stageText)" x2="\#(x2.stageText)" y2="\#(y2.stageText)" style="\#(style)"/>"#)
    }

    public mutating func circle(cx: Double, cy: Double, r: Double, style: String) {
        elements.append(
            #"<circle cx="\#(cx.stageText)" cy="\#(cy.stageText)" r="\#(r.stageText)" style="\#(style)"/>"#)
    }

    /// A polyline through `points`; add an arrow head with `arrow: true`.
    public mutating func polyline(_ points: [(x: Double, y: Double)], style: String, arrow: Bool = false) {
        let list = points.map { "\($0.x.stageText),\($0.y.stageText)" }.joined(separator: " ")
        let marker = arrow ? #" marker-end="url(#arrow)""# : ""
        elements.append(#"<polyline points="\#(list)" style="\#(style)"\#(marker)/>"#)
    }

    /// Text anchored at (x, y). `anchor` is `start`, `middle` or `end`.
    public mutating func text(_ content: String, x: Double, y: Double, anchor: String = "start", style: String = "") {
        let styleAttribute = style.isEmpty ? "" : #" style="\#(style)""#
        elements.append(
            #"<text x="\#(x.stageText)" y="\#(y.stageText)" text-anchor="\#(anchor)"\#(styleAttribute)>\#(SVG.escape(content))</text>"#)
    }

    /// The document: one `<svg>` element with a `viewBox`, so handouts can scale it.
    public var description: String {
        var lines = [
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \#(width.stageText) \#(height.stageText)" width="\#(width.stageText)" height="\#(height.stageText)" font-family="sans-serif" font-size="12">"#,
            "<title>\(SVG.escape(title))</title>",
            #"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>"#,
        ]
        lines += elements
        lines.append("</svg>")
        return lines.joined(separator: "\n")
    }

    /// Escapes the five XML special characters.
    public static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}
