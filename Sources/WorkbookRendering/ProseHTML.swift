import Foundation
import WorkbookModel
import WorkbookSystem

/// Small, safe passes over the prose's HTML (`MarkdownHTML`): never a Markdown
/// renderer, only adjustments of what it already wrote.
enum ProseHTML {
    /// Points links between chapters (`02-enumeration.md`, `./02-enumeration.md#x`) at the
    /// rendered pages, or at the chapter's article when all chapters share one page.
    /// `available`: the pages that exist, when not all of them do; a link to another
    /// chapter goes to the index (which says how to render it) instead of a missing page.
    static func linkingChapters(_ html: String, _ chapters: [Chapter], singlePage: Bool, available: Set<String>? = nil) -> String {
        var targets: [String: Chapter] = [:]
        for chapter in chapters {
            for prefix in ["", "./", "../chapters/"] { targets[prefix + chapter.stem + ".md"] = chapter }
        }
        return rewritingLinks(html, among: ".md") { destination in
            let parts = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            guard let chapter = targets[String(parts[0])] else { return nil }
            if singlePage { return "#chapter-\(chapter.number)" }
            let page = "\(chapter.stem).html"
            if let available, !available.contains(page) { return HandoutRenderer.indexFile }
            return page + (parts.count > 1 ? "#" + parts[1] : "")
        }
    }

    /// Calls `transform` with every `href="…"` value (escaped as cmark escapes it) that holds
    /// `among`, and puts back what it returns (nil: unchanged); other values are left as they
    /// are without being looked at. One pass over the bytes; the page is copied only when a
    /// link changes.
    static func rewritingLinks(_ html: String, among filter: String = "", _ transform: (String) -> String?) -> String {
        let marker = Array(#"href=""#.utf8)
        let needle = Array(filter.utf8)
        var replacements: [(range: Range<Int>, text: String)] = []
        var text = html
        text.withUTF8 { buffer in
            var index = 0
            let count = buffer.count
            while let found = ByteSearch.firstOffset(of: marker, in: buffer, from: index) {
                let start = found + marker.count
                var end = start
                while end < count, buffer[end] != UInt8(ascii: "\"") { end += 1 }
                let value = UnsafeBufferPointer(rebasing: buffer[start..<end])
                if needle.isEmpty || ByteSearch.firstOffset(of: needle, in: value) != nil,
                   let replaced = transform(String(decoding: value, as: UTF8.self)) {
                    replacements.append((start..<end, HTML.escape(replaced)))
                }
                index = end
            }
        }
        return Splice.replacing(replacements, in: html)
    }
}
