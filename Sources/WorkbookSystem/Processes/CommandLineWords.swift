/// Splits a command line the way a POSIX shell splits words, for the lines the Swift
/// driver and clang print under `-###`: spaces separate words; single quotes keep
/// everything literally; inside double quotes a backslash escapes only `"`, `\`, `$`
/// and a backtick; outside quotes it escapes any character. Nothing is expanded.
package enum CommandLineWords {
    /// The words of `line`, or nil when a quote is left open.
    public static func split(_ line: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                // In double quotes, `\x` keeps its backslash unless x is special there.
                if quote == "\"", !"\"\\$`".contains(character) { word.append("\\") }
                word.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case (nil, " "), (nil, "\t"):
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case (nil, "\\"), ("\"", "\\"):
                escaped = true
                inWord = true
            case (nil, "'"), (nil, "\""):
                quote = character
                inWord = true
            case ("'", "'"), ("\"", "\""):
                quote = nil
            default:
                word.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(word) }
        return words
    }
}
