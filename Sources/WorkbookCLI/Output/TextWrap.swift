/// Wraps report lines to a terminal's width at spaces, counting what is visible (ANSI
/// colour codes take no room), so a long message is folded rather than cut by the terminal.
enum TextWrap {
    static func wrap(_ line: String, width: Int?, hangingIndent: String) -> [String] {
        guard let width, width >= 20, visibleCount(line) > width else { return [line] }
        var lines: [String] = []
        var current = ""
        var currentCount = 0
        let indentCount = visibleCount(hangingIndent)
        // Leading spaces belong to the first word, so the first line keeps its indent.
        let leading = String(line.prefix { $0 == " " })
        let words = line.dropFirst(leading.count).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        current = leading
        currentCount = leading.count
        var first = true
        for word in words {
            let count = visibleCount(word)
            let separator = first ? 0 : 1
            if !first, currentCount + separator + count > width {
                lines.append(current)
                current = hangingIndent
                currentCount = indentCount
                appendHardWrapped(word, count: count, into: &lines, current: &current, currentCount: &currentCount, width: width, indent: hangingIndent)
            } else {
                if !first { current += " "; currentCount += 1 }
                appendHardWrapped(word, count: count, into: &lines, current: &current, currentCount: &currentCount, width: width, indent: hangingIndent)
            }
            first = false
        }
        lines.append(current)
        return lines
    }

    /// A word longer than the room left is split where the line ends.
    private static func appendHardWrapped(
        _ word: String, count: Int, into lines: inout [String], current: inout String, currentCount: inout Int, width: Int, indent: String
    ) {
        guard currentCount + count > width, !word.contains("\u{1B}") else {
            current += word
            currentCount += count
            return
        }
        var rest = Substring(word)
        while !rest.isEmpty {
            let room = max(1, width - currentCount)
            current += rest.prefix(room)
            currentCount += min(room, rest.count)
            rest = rest.dropFirst(room)
            if !rest.isEmpty {
                lines.append(current)
                current = indent
                currentCount = indent.count
            }
        }
    }

    /// Characters shown, escape sequences left out.
    static func visibleCount(_ text: String) -> Int {
        var count = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                count += 1
            }
        }
        return count
    }
}
