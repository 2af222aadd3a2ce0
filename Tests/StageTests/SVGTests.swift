import Testing
import Stage

@Suite("The SVG writer")
struct SVGTests {
    @Test("writes one svg element with a title and the shapes in order")
    func document() {
        var svg = SVG(width: 100, height: 50, title: "A <small> figure")
        svg.rect(x: 0, y: 0, width: 10, height: 5.5, style: "fill:none")
        svg.text("Odd & Even", x: 50, y: 25, anchor: "middle")
        let text = svg.description
        #expect(text.hasPrefix("<svg "))
        #expect(text.hasSuffix("</svg>"))
        #expect(text.contains("<title>A &lt;small&gt; figure</title>"))
        #expect(text.contains(#"<rect x="0" y="0" width="10" height="5.5" style="fill:none"/>"#))
        #expect(text.contains(#">Odd &amp; Even</text>"#))
        #expect(text.range(of: "<rect")!.lowerBound < text.range(of: "<text x=")!.lowerBound)
    }
}
