/// A page with some of its bytes replaced, built from slices of the page itself: a
/// String appended to a String is copied, never checked as UTF-8 again, while
/// `String(decoding:as:)` of a whole page's bytes checks every byte (the three passes over
/// each chapter that rebuilt it so took 5% of a whole render's instructions, callgrind).
package enum Splice {
    /// `text` with each range of UTF-8 offsets (in order, not overlapping, each bound on a
    /// scalar boundary: at an ASCII byte, or at the ends of a match of valid UTF-8)
    /// replaced by its text.
    package static func replacing(_ replacements: [(range: Range<Int>, text: String)], in text: String) -> String {
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
}
