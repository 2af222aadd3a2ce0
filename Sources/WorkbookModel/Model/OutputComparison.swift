import WorkbookSystem

/// How output is compared: exactly, after trailing white space is trimmed from each
/// line and from the end (docs/chapter-format.md).
public enum OutputComparison {
    public static func normalized(_ text: String) -> String {
        // ASCII without "\r": every byte is a Character, so trimming bytes is exact, and
        // it is what nearly every output is. Without "\r" (which joins "\r\n" into one
        // Character), lines split at "\n" bytes, and each ASCII line is trimmed as bytes.
        // Anything else goes through Characters.
        let hasReturn = ByteSearch.contains(0x0D, in: text)
        if !hasReturn, ByteSearch.isASCII(text) { return normalizedASCII(text) }
        let lines: [String]
        if hasReturn {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String(droppingTrailingWhitespace($0)) }
        } else {
            lines = TextLines.split(text).map { line in
                ByteSearch.isASCII(line) ? normalizedASCII(line) : String(droppingTrailingWhitespace(line[...]))
            }
        }
        return String(droppingTrailingWhitespace(lines.joined(separator: "\n")[...]))
    }

    private static func droppingTrailingWhitespace(_ line: Substring) -> Substring {
        var end = line.endIndex
        while end > line.startIndex {
            let before = line.index(before: end)
            guard line[before].isWhitespace else { break }
            end = before
        }
        return line[..<end]
    }

    private static func normalizedASCII(_ text: String) -> String {
        // Tab, line feed, vertical tab, form feed, space: the ASCII white space left without "\r".
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0C) }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var lineStart = 0
        for byte in text.utf8 {
            if byte == 0x0A {
                while out.count > lineStart, isBlank(out[out.count - 1]) { out.removeLast() }
                out.append(byte)
                lineStart = out.count
            } else {
                out.append(byte)
            }
        }
        while let last = out.last, isBlank(last) { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }
}
