import Foundation
import WorkbookSystem

/// Parses the SVG a figure snippet printed (`FigureXML`) and writes it again from
/// the parsed tree, so what reaches the page is only what the allowlists name: the
/// original text is never passed through, and no spelling (entities, missing spaces,
/// case) can smuggle a script, an event handler, a link or a navigation past it.
struct FigureSanitizer {
    /// Elements a figure may use: shapes, text, grouping and paint servers; nothing
    /// that runs, links, loads, animates or embeds HTML.
    static let elements: Set<String> = [
        "svg", "g", "defs", "title", "desc", "symbol", "use", "marker",
        "rect", "circle", "ellipse", "line", "polyline", "polygon", "path",
        "text", "tspan", "linearGradient", "radialGradient", "stop", "clipPath", "pattern",
    ]

    /// Attributes a figure may use: geometry and presentation. `style` and references are
    /// allowed but their values are checked (`checkValue`).
    static let attributes: Set<String> = [
        "xmlns", "xmlns:xlink", "id", "class", "viewBox", "width", "height", "x", "y", "x1", "y1", "x2", "y2",
        "cx", "cy", "r", "rx", "ry", "d", "points", "transform", "dx", "dy", "rotate", "textLength", "lengthAdjust",
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-dasharray",
        "stroke-dashoffset", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "opacity", "color",
        "font-family", "font-size", "font-weight", "font-style", "text-anchor", "dominant-baseline",
        "letter-spacing", "text-decoration", "style", "visibility", "display",
        "marker-start", "marker-mid", "marker-end", "refX", "refY", "markerWidth", "markerHeight", "markerUnits",
        "orient", "preserveAspectRatio", "offset", "stop-color", "stop-opacity", "gradientUnits",
        "gradientTransform", "patternUnits", "patternTransform", "clipPathUnits", "clip-path", "clip-rule",
        "href", "xlink:href",
    ]

    static let svgNamespace = "http://www.w3.org/2000/svg"
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"

    /// One element of the parsed tree.
    final class Element {
        let name: String
        var attributes: [(name: String, value: String)]
        var children: [Node] = []
        let line: Int

        init(name: String, attributes: [(name: String, value: String)], line: Int) {
            self.name = name
            self.attributes = attributes
            self.line = line
        }

        func value(of attribute: String) -> String? { attributes.first { $0.name == attribute }?.value }
    }

    enum Node {
        case element(Element)
        case text(String)
    }

    /// The sanitized figure: the SVG, written from the tree, and its title.
    struct Result {
        var svg: String
        var title: String
    }

    /// Parses `text`, checks it, and writes it back. Every `id` becomes `prefix-id`, and
    /// every reference to one is rewritten with it, so two figures on one page never share
    /// an id; the root gets `role="img"` and `aria-labelledby="labelledBy"`; the root's
    /// `<title>` is taken out (the caption shows it: a figure has one title).
    static func sanitize(_ text: String, idPrefix prefix: String, labelledBy: String) throws(Figure.Rejection) -> Result {
        try sanitize(parse(text), parsedFrom: text, idPrefix: prefix, labelledBy: labelledBy)
    }

    /// `root`, parsed from `text` (nil: from no text the check's verdicts are kept for),
    /// checked and written back as `sanitize(_:idPrefix:labelledBy:)` says.
    static func sanitize(_ root: Element, parsedFrom text: String?, idPrefix prefix: String, labelledBy: String) throws(Figure.Rejection) -> Result {
        guard root.name == "svg" else { throw .notSVG }
        var ids: [String: Int] = [:]
        if let text { ids = try checked(root, parsedFrom: text) } else { try check(root, ids: &ids) }
        try rewriteReferences(root, prefix: prefix, ids: ids)
        var title = ""
        if let index = root.children.firstIndex(where: { if case .element(let child) = $0 { child.name == "title" } else { false } }),
           case .element(let element) = root.children[index] {
            title = textContent(of: element).trimmingWhitespace
            root.children.remove(at: index)
            // The line the title stood on would be left blank.
            if index < root.children.count, case .text(let blank) = root.children[index], blank.trimmingWhitespace.isEmpty {
                root.children.remove(at: index)
            }
        }
        root.attributes.removeAll { $0.name == "xmlns:xlink" && !usesXlink(root) }
        root.attributes.append(("role", "img"))
        root.attributes.append(("aria-labelledby", labelledBy))
        var out = ""
        out.reserveCapacity((text?.utf8.count ?? 0) + 64)
        write(root, to: &out)
        return Result(svg: out, title: title)
    }

    // MARK: Parsing

    /// The document's root element. A document type (and with it every entity
    /// declaration) is refused before parsing: no entity can expand into markup.
    static func parse(_ text: String) throws(Figure.Rejection) -> Element {
        if let offset = declarationOffset(in: text) {
            throw .forbidden("a document type or entity declaration (<!DOCTYPE, <!ENTITY)", line: line(ofOffset: offset, in: text))
        }
        let root = try FigureXML.parse(text)
        sortAttributes(root)
        return root
    }

    /// `xmlns` first, then by name, in every element: the order the figure's author wrote
    /// them in does not change the page (as when the parser handed them over as a dictionary).
    static func sortAttributes(_ element: Element) {
        element.attributes.sort { a, b in
            if (a.name == "xmlns") != (b.name == "xmlns") { return a.name == "xmlns" }
            return a.name < b.name
        }
        for case .element(let child) in element.children { sortAttributes(child) }
    }

    /// Where the first `<!DOCTYPE` or `<!ENTITY` (in any case) starts, by bytes: the
    /// lower-cased copy and Foundation's `range(of:)` it replaced were half of `parse`'s
    /// time (perf). Only ASCII letters spell either word, as XML reads it.
    private static func declarationOffset(in text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            var from = 0
            while let open = ByteSearch.firstOffset(of: "<!".utf8, in: bytes, from: from) {
                for word in ["doctype", "entity"] where open + 2 + word.utf8.count <= bytes.count {
                    if zip(bytes[(open + 2)...], word.utf8).allSatisfy({ $0 | 0x20 == $1 }) { return open }
                }
                from = open + 2
            }
            return nil
        }
    }

    private static func line(ofOffset offset: Int, in text: String) -> Int {
        text.utf8.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    // MARK: Checking

    /// `check`'s verdict on the tree parsed from `text`: the ids, or the refusal. Kept for
    /// the process, by text: a render checks each figure twice, once judging its snippet's
    /// result and once embedding it, and the check was 4M of a render's 267M instructions
    /// (callgrind). The tree is a function of the text, and the check of the tree.
    private static func checked(_ root: Element, parsedFrom text: String) throws(Figure.Rejection) -> [String: Int] {
        try verdicts.value(for: text) {
            Swift.Result { () throws(Figure.Rejection) in
                var ids: [String: Int] = [:]
                try check(root, ids: &ids)
                return ids
            }
        }.get()
    }

    /// A long `watch` sees many versions of a figure: the memo never holds more than a workbook's worth.
    private static let verdicts = BoundedMemo<String, Swift.Result<[String: Int], Figure.Rejection>>(limit: 256)

    /// Refuses an element or attribute the allowlists do not name, or a value that could
    /// reach outside the figure; collects the ids (each once).
    private static func check(_ element: Element, ids: inout [String: Int]) throws(Figure.Rejection) {
        guard elements.contains(element.name) else {
            throw .forbidden(describeElement(element.name), line: element.line)
        }
        for (name, value) in element.attributes {
            if name.utf8.count >= 2, name.utf8.first! | 0x20 == UInt8(ascii: "o"), name.utf8.dropFirst().first! | 0x20 == UInt8(ascii: "n") {
                throw .forbidden("an event-handler attribute (\(name)=)", line: element.line)
            }
            guard attributes.contains(name) else {
                throw .forbidden("the attribute \(name)= on <\(element.name)>", line: element.line)
            }
            try checkValue(value, of: name, line: element.line)
            if name == "id" {
                guard isName(value) else {
                    throw .forbidden("the id \"\(value)\" (an id is a letter or _ followed by letters, digits, _, - or .)", line: element.line)
                }
                if ids[value] != nil { throw .forbidden("the id \"\(value)\" twice", line: element.line) }
                ids[value] = element.line
            }
        }
        for case .element(let child) in element.children {
            try check(child, ids: &ids)
        }
    }

    private static func describeElement(_ name: String) -> String {
        switch name.lowercased() {
        case "script": return "a <script> element"
        case "foreignobject": return "a <foreignObject> element"
        case "style": return "a <style> element (it would style the whole page; use style= on the element)"
        case "a": return "a link (<a>)"
        case "image", "img": return "an image (<\(name)>), which would be fetched"
        default: return "a <\(name)> element, which figures may not use"
        }
    }

    /// What no value may hold, lower-cased with blanks and control characters removed
    /// (browsers skip them inside a URL scheme: `java\tscript:`).
    private static let forbiddenInValues: [(needle: String, reason: String)] = [
        ("javascript:", "a javascript: URL"), ("vbscript:", "a vbscript: URL"), ("data:", "a data: URL"),
        ("expression(", "a CSS expression()"), ("@import", "an @import"), ("\\", "a CSS escape (\\)"),
        ("behavior:", "a CSS behavior"), ("-moz-binding", "a CSS binding"),
    ]

    private static func checkValue(_ value: String, of name: String, line: Int) throws(Figure.Rejection) {
        let squeezed = squeezedLowercase(value)
        // Each needle holds one of these bytes; most values (numbers, colours, paths) none.
        if squeezed.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "-") }) {
            for rule in forbiddenInValues where ByteSearch.contains(rule.needle, in: squeezed) {
                throw .forbidden("\(rule.reason) in \(name)=", line: line)
            }
        }
        if name == "xmlns", value != svgNamespace {
            throw .forbidden("the namespace \(value) (a figure is SVG: \(svgNamespace))", line: line)
        }
        if name == "xmlns:xlink", value != xlinkNamespace {
            throw .forbidden("the namespace \(value) for xlink:", line: line)
        }
        if name == "href" || name == "xlink:href" {
            guard value.hasPrefix("#"), isName(String(value.dropFirst())) else {
                throw .forbidden("a link to \(value) (\(name)= may only name an element of the figure: #id)", line: line)
            }
        }
        // Every url(…) must name an element of the figure: url(#id).
        guard ByteSearch.contains("url(", in: squeezed) else { return }
        var rest = Substring(squeezed)
        while let open = rest.range(of: "url(") {
            let inside = rest[open.upperBound...]
            guard let close = inside.firstIndex(of: ")") else {
                throw .forbidden("an unclosed url( in \(name)=", line: line)
            }
            var target = String(inside[..<close])
            if target.count >= 2, let quote = target.first, quote == "'" || quote == "\"", target.last == quote {
                target = String(target.dropFirst().dropLast())
            }
            guard target.hasPrefix("#"), isName(String(target.dropFirst())) else {
                throw .forbidden("url(\(target)) in \(name)= (a figure may only refer to its own elements: url(#id))", line: line)
            }
            rest = inside[inside.index(after: close)...]
        }
    }

    /// `value` without blanks and control characters, lower-cased. An ASCII value (nearly
    /// every one) by its bytes; any other through Unicode's lower-casing.
    private static func squeezedLowercase(_ value: String) -> String {
        let bytes = value.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return String(value.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }.map(Character.init)).lowercased()
        }
        var squeezed: [UInt8] = []
        squeezed.reserveCapacity(bytes.count)
        for byte in bytes where byte > 0x20 && byte != 0x7F {
            squeezed.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        return String(decoding: squeezed, as: UTF8.self)
    }

    /// An XML name of the plain kind ids use: a letter or `_`, then letters, digits, `_`, `-`, `.`.
    private static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0) }
    }

    // MARK: Ids

    /// Gives every id the prefix and points every reference at the prefixed id; a
    /// reference to an id the figure does not define is refused (it would point into the
    /// page, or at another figure).
    private static func rewriteReferences(_ element: Element, prefix: String, ids: [String: Int]) throws(Figure.Rejection) {
        for index in element.attributes.indices {
            let (name, value) = element.attributes[index]
            if name == "id" {
                element.attributes[index].value = "\(prefix)-\(value)"
            } else if name == "href" || name == "xlink:href" {
                let target = String(value.dropFirst())
                guard ids[target] != nil else { throw .forbidden("a reference to #\(target), which the figure does not define", line: element.line) }
                element.attributes[index].value = "#\(prefix)-\(target)"
            } else if ByteSearch.contains("url(", in: value) {
                element.attributes[index].value = try rewritingURLs(value, prefix: prefix, ids: ids, line: element.line)
            }
        }
        for case .element(let child) in element.children {
            try rewriteReferences(child, prefix: prefix, ids: ids)
        }
    }

    /// `value` with each `url(#id)` (already checked) as `url(#prefix-id)`.
    private static func rewritingURLs(_ value: String, prefix: String, ids: [String: Int], line: Int) throws(Figure.Rejection) -> String {
        var out = ""
        var rest = Substring(value)
        while let open = rest.range(of: "url(") {
            out += rest[..<open.upperBound]
            let inside = rest[open.upperBound...]
            let close = inside.firstIndex(of: ")") ?? inside.endIndex
            let target = inside[..<close].trimmingCharacters(in: CharacterSet(charactersIn: "'\" \t\n#"))
            guard ids[target] != nil else { throw .forbidden("a reference to url(#\(target)), which the figure does not define", line: line) }
            out += "#\(prefix)-\(target)"
            rest = inside[close...]
        }
        return out + rest
    }

    private static func usesXlink(_ element: Element) -> Bool {
        element.attributes.contains { $0.name.hasPrefix("xlink:") }
            || element.children.contains { if case .element(let child) = $0 { usesXlink(child) } else { false } }
    }

    // MARK: Writing

    private static func textContent(of element: Element) -> String {
        element.children.map { node in
            switch node {
            case .text(let text): return text
            case .element(let child): return textContent(of: child)
            }
        }.joined()
    }

    /// The element as XML that HTML's parser reads the same way: escaped text and values,
    /// empty elements self-closed (allowed for SVG inside HTML).
    /// (Appended piece by piece: an interpolated string for each attribute was most of
    /// writing a figure, callgrind.)
    private static func write(_ element: Element, to out: inout String) {
        out += "<"
        out += element.name
        for (name, value) in element.attributes {
            out += " "
            out += name
            out += "=\""
            out += HTML.escape(value)
            out += "\""
        }
        guard !element.children.isEmpty else {
            out += "/>"
            return
        }
        out += ">"
        for child in element.children {
            switch child {
            case .text(let text): out += HTML.escape(text)
            case .element(let child): write(child, to: &out)
            }
        }
        out += "</"
        out += element.name
        out += ">"
    }
}
