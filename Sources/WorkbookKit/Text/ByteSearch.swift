/// Finds ASCII markers (`<code class="language-swift">`, `<title>`, `javascript:`) in
/// UTF-8 text by its bytes. Foundation's `range(of:)` converts the text to UTF-16 and
/// compares Characters on every call, which made it one of the costliest steps of rendering.
enum ByteSearch {
    /// Where `needle` first starts in `haystack` at or after `start`.
    static func firstOffset(of needle: some Collection<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return needle.isEmpty ? start : nil }
        let rest = needle.dropFirst()
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[(index + 1)...].starts(with: rest) { return index }
            index += 1
        }
        return nil
    }

    /// Whether `text` holds `needle`, byte for byte.
    static func contains(_ needle: String, in text: String) -> Bool {
        var text = text
        return text.withUTF8 { firstOffset(of: needle.utf8, in: $0) != nil }
    }
}
