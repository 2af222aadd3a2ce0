import Foundation
import WorkbookSystem

/// A figure printed by a `swift run figure` snippet, checked before it is embedded in a
/// page. Snippets are the chapter author's code, and a handout must stay inert: the SVG
/// is parsed and written again from what the allowlists keep (`FigureSanitizer`); one
/// that could run a script, fetch, link or navigate is refused, with the reason and the
/// line of the snippet's output that holds it.
public struct Figure: Sendable, Equatable {
    /// The SVG, as written from the parsed tree: `<svg … role="img" aria-labelledby="…">…</svg>`.
    package let svg: String
    /// The SVG's `<title>`, used as the caption (empty when it has none); taken out of
    /// the SVG, so the figure has one title.
    public let title: String

    /// Why a figure's output cannot be embedded. `line` counts the snippet's output lines.
    public enum Rejection: Error, Sendable, Equatable, CustomStringConvertible {
        case notSVG
        case forbidden(String, line: Int)
        case malformed(String, line: Int)

        public var description: String {
            switch self {
            case .notSVG: return "the figure snippet did not print one SVG document (<svg …>…</svg>)"
            case .forbidden(let what, let line):
                return "the figure's SVG (line \(line) of its output) contains \(what), which handouts do not embed"
            case .malformed(let why, let line):
                return "the figure's SVG is not well-formed XML (line \(line) of its output): \(why)"
            }
        }
    }

    /// `id`: the figure element's id. Every id inside the SVG is prefixed with it, and the
    /// SVG is labelled by the element `id-caption` (the caption the page writes).
    public init(output: String, id: String = "figure") throws(Rejection) {
        let trimmed = output.trimmingWhitespace
        guard trimmed.hasPrefix("<svg") || trimmed.hasPrefix("<?xml"), trimmed.hasSuffix("</svg>") else { throw .notSVG }
        // Lines are counted in the output as printed, blank lines before the SVG included.
        let skipped = output.prefix { $0.isWhitespace }.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        let sanitized: FigureSanitizer.Result
        do {
            sanitized = try FigureSanitizer.sanitize(trimmed, idPrefix: id, labelledBy: Figure.captionID(of: id))
        } catch {
            switch error {
            case .notSVG: throw error
            case .forbidden(let what, let line): throw .forbidden(what, line: line + skipped)
            case .malformed(let why, let line): throw .malformed(why, line: line + skipped)
            }
        }
        svg = sanitized.svg
        title = sanitized.title
    }

    /// The figure element's id on a chapter's page: `figure-3-120` for the snippet whose
    /// fence is on line 120 of chapter 3.
    public static func id(chapter: Int, line: Int) -> String { "figure-\(chapter)-\(line)" }

    /// `Figure(output:id:)`, remembered for the life of the process: the snippet's verdict
    /// checks a figure under the id its page gives it, and the page then takes the same
    /// figure (each parse is an XML parser's run; a render made ten, five of them again).
    public static func checked(output: String, id: String) -> Result<Figure, Rejection> {
        made.value(for: MadeKey(output: output, id: id)) {
            Result { () throws(Rejection) in try Figure(output: output, id: id) }
        }
    }

    private struct MadeKey: Hashable, Sendable {
        var output: String
        var id: String
    }

    private static let made = BoundedMemo<MadeKey, Result<Figure, Rejection>>(limit: 256)

    /// The id of the caption that labels the figure `id`.
    package static func captionID(of id: String) -> String { "\(id)-caption" }
}
