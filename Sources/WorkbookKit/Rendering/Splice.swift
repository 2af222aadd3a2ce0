import WorkbookSystem

/// A page with some of its bytes replaced, built from slices of the page itself: a
/// String appended to a String is copied, never checked as UTF-8 again, while
/// `String(decoding:as:)` of a whole page's bytes checks every byte (the three passes over
/// each chapter that rebuilt it so took 5% of a whole render's instructions, callgrind).
enum Splice {
    /// `text` with each range of UTF-8 offsets (in order, not overlapping, each bound at
    /// an ASCII byte, so on a scalar boundary) replaced by its text.
    static func replacing(_ replacements: [(range: Range<Int>, text: String)], in text: String) -> String {
        guard !replacements.isEmpty else { return text }
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        var out = ""
        out.reserveCapacity(utf8.count + replacements.reduce(0) { $0 + $1.text.utf8.count })
        var copied = 0
        for replacement in replacements {
            out += text[index(copied)..<index(replacement.range.lowerBound)]
            out += replacement.text
            copied = replacement.range.upperBound
        }
        out += text[index(copied)...]
        return out
    }

    /// `text` with every `needle` (ASCII at both ends) replaced by `replacement`.
    static func replacingAll(_ needle: String, with replacement: String, in text: String) -> String {
        var found: [(range: Range<Int>, text: String)] = []
        var text = text
        text.withUTF8 { bytes in
            let needle = Array(needle.utf8)
            var from = 0
            while let start = ByteSearch.firstOffset(of: needle, in: bytes, from: from) {
                found.append((start..<start + needle.count, replacement))
                from = start + needle.count
            }
        }
        return replacing(found, in: text)
    }
}
