import Foundation

extension Animator {
    /// A figure of the route `view` was seen to take inside `container`: the
    /// container's outline, the view where its first animation started (dashed),
    /// and its path as numbered legs with an arrow at the end.
    /// `view`'s frames are in `container`'s coordinates, as a subview's are. Labels are
    /// 15-16 px: a container is tall, and printed on a third of a page its text stays
    /// above 8 pt.
    public func pathFigure(of view: View, in container: View, title: String) -> SVG {
        let margin = 10.0
        let size = container.bounds.size
        var svg = SVG(width: size.width + 2 * margin, height: size.height + 2 * margin, title: title)
        svg.rect(x: margin, y: margin, width: size.width, height: size.height,
                 style: "fill:#f7f7f7;stroke:#333;stroke-width:1")
        if let start = segments(of: view, .frame).first?.from.frameValue {
            svg.rect(x: start.origin.x + margin, y: start.origin.y + margin,
                     width: start.width, height: start.height,
                     style: "fill:none;stroke:#888;stroke-dasharray:4 3")
            // The name sits just under the box, clear of its centre, where the route
            // starts and, on a round trip, its arrowhead ends.
            svg.text(view.name, x: start.midX + margin, y: start.maxY + margin + 15, anchor: "middle",
                     style: "fill:#555;font-size:15px")
        }
        let points = path(of: view).map { (x: $0.x + margin, y: $0.y + margin) }
        guard points.count > 1 else { return svg }
        svg.polyline(points, style: "fill:none;stroke:#0a6ebd;stroke-width:2", arrow: true)
        for point in points {
            svg.circle(cx: point.x, cy: point.y, r: 3, style: "fill:#0a6ebd")
        }
        for (number, (a, b)) in zip(points, points.dropFirst()).enumerated() {
            svg.text("\(number + 1)", x: (a.x + b.x) / 2 + 6, y: (a.y + b.y) / 2 - 6,
                     style: "fill:#0a6ebd;font-weight:bold;font-size:16px")
        }
        return svg
    }
}
