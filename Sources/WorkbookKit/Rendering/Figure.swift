import Foundation

/// A figure printed by a `swift run figure` snippet, checked before it is embedded in a
/// page. Snippets are the chapter author's code, and a handout must stay inert: an SVG
/// that could run a script or fetch something is refused, with the reason.
public struct Figure: Sendable, Equatable {
    /// The SVG document, trimmed: `<svg …>…</svg>`.
    public let svg: String
    /// The SVG's `<title>`, used as the caption (empty when it has none).
    public let title: String

    /// Why a figure's output cannot be embedded.
    public enum Rejection: Error, Sendable, Equatable, CustomStringConvertible {
        case notSVG
        case forbidden(String)

        public var description: String {
            switch self {
            case .notSVG: return "the figure snippet did not print one SVG document (<svg …>…</svg>)"
            case .forbidden(let what): return "the figure's SVG contains \(what), which handouts do not embed"
            }
        }
    }

    /// What an embedded SVG may not contain, lower-cased, with the reason shown to the author.
    static let forbidden: [(pattern: String, reason: String)] = [
        ("<script", "a <script> element"),
        ("<foreignobject", "a <foreignObject> element"),
        ("<iframe", "an <iframe>"),
        ("javascript:", "a javascript: link"),
        (" on", "an event-handler attribute (on…=)"),
        ("href=\"http", "a link to an external resource"),
        ("href='http", "a link to an external resource"),
        ("href=\"//", "a link to an external resource"),
        ("url(http", "an external url()"),
        ("@import", "an @import"),
    ]

    public init(output: String) throws(Rejection) {
        let trimmed = output.trimmingWhitespace
        guard trimmed.hasPrefix("<svg"), trimmed.hasSuffix("</svg>") else { throw .notSVG }
        // The patterns are ASCII, so lower-casing the ASCII letters and comparing bytes finds
        // them (no other character lower-cases into one of their letters but "İ", to "i" and a
        // combining dot, which no pattern can match).
        let lower = trimmed.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        for rule in Figure.forbidden where lower.withUnsafeBufferPointer({ ByteSearch.firstOffset(of: rule.pattern.utf8, in: $0) != nil }) {
            // " on" is only an event handler when an `=` follows the attribute name.
            if rule.pattern == " on", !Figure.hasEventHandler(trimmed.lowercased()) { continue }
            throw .forbidden(rule.reason)
        }
        svg = trimmed
        title = Figure.title(of: trimmed)
    }

    /// Whether any tag carries an `on…=` attribute (text such as "turn on" is fine).
    private static func hasEventHandler(_ lower: String) -> Bool {
        // ASCII (figures are): the same walk over bytes, each a Character.
        if let answer = lower.utf8.withContiguousStorageIfAvailable(hasEventHandlerASCII), let answer { return answer }
        var inTag = false
        var previous: Character = " "
        var scalars = Array(lower)
        scalars.append(" ")
        var index = 0
        while index < scalars.count - 2 {
            let character = scalars[index]
            if character == "<" { inTag = true }
            if character == ">" { inTag = false }
            if inTag, previous.isWhitespace, character == "o", scalars[index + 1] == "n" {
                let name = scalars[(index + 2)...].prefix(while: { $0.isLetter })
                let after = scalars[(index + 2 + name.count)...].drop(while: { $0.isWhitespace })
                if !name.isEmpty, after.first == "=" { return true }
            }
            previous = character
            index += 1
        }
        return false
    }

    /// `hasEventHandler` for ASCII bytes; nil when they are not all ASCII.
    private static func hasEventHandlerASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        var inTag = false
        var previous = UInt8(ascii: " ")
        var index = 0
        // As the Character walk: the last two positions are never looked at.
        while index < bytes.count - 1 {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") { inTag = true }
            if byte == UInt8(ascii: ">") { inTag = false }
            if inTag, isWhitespace(previous), byte == UInt8(ascii: "o"), bytes[index + 1] == UInt8(ascii: "n") {
                var end = index + 2
                while end < bytes.count, isLetter(bytes[end]) { end += 1 }
                let nameLength = end - (index + 2)
                while end < bytes.count, isWhitespace(bytes[end]) { end += 1 }
                if nameLength > 0, end < bytes.count, bytes[end] == UInt8(ascii: "=") { return true }
            }
            previous = byte
            index += 1
        }
        return false
    }

    private static func title(of svg: String) -> String {
        var svg = svg
        return svg.withUTF8 { bytes in
            let open = Array("<title>".utf8)
            guard let start = ByteSearch.firstOffset(of: open, in: bytes),
                  let end = ByteSearch.firstOffset(of: "</title>".utf8, in: bytes, from: start + open.count)
            else { return "" }
            return HTML.unescape(String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + open.count)..<end]), as: UTF8.self))
        }
    }
}
