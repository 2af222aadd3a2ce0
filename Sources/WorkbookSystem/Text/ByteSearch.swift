import Foundation

/// Finds ASCII markers (`<code class="language-swift">`, `<title>`, `javascript:`) in
/// UTF-8 text by its bytes, with `memchr` and `memcmp`. Foundation's `range(of:)` converts
/// the text to UTF-16 and compares Characters on every call, which made it one of the
/// costliest steps of rendering.
package enum ByteSearch {
    /// Where `needle` first starts in `haystack` at or after `start`.
    package static func firstOffset(of needle: some Collection<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        let needle = Array(needle)
        return needle.withUnsafeBufferPointer { firstOffset(of: $0, in: haystack, from: start) }
    }

    static func firstOffset(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard let first = needle.first else { return start <= haystack.count ? start : nil }
        guard let base = haystack.baseAddress, let needleBase = needle.baseAddress else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            // The first byte by memchr, then the rest by memcmp.
            guard let found = memchr(base + index, Int32(first), last - index + 1) else { return nil }
            let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            // The last byte first, inline: a marker's first byte (`<`, `h`) is on every few
            // bytes of a page, and a call to memcmp for each was a third of a search's cost.
            if base[offset + needle.count - 1] == needle[needle.count - 1],
               memcmp(base + offset, needleBase, needle.count) == 0 { return offset }
            index = offset + 1
        }
        return nil
    }

    /// Where `byte` first is in `haystack` at or after `start` (memchr).
    package static func firstOffset(of byte: UInt8, in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard let base = haystack.baseAddress, start >= 0, start < haystack.count,
              let found = memchr(base + start, Int32(byte), haystack.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether `text` holds `byte` (memchr: iterating a String's UTF-8 view costs several
    /// instructions a byte).
    package static func contains(_ byte: UInt8, in text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
    }

    /// Whether every byte of `text` is ASCII.
    package static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in !bytes.contains { $0 >= 0x80 } }
    }

    /// `text` with every `needle` replaced by `replacement`, byte for byte, left to right.
    /// (Foundation's `replacingOccurrences` on a whole page was 20% of a cached render.)
    package static func replacingAll(_ needle: String, with replacement: String, in text: String) -> String {
        guard !needle.isEmpty else { return text }
        var text = text
        let found = text.withUTF8 { bytes -> [(range: Range<Int>, text: String)] in
            var found: [(range: Range<Int>, text: String)] = []
            var from = 0
            while let start = firstOffset(of: needle.utf8, in: bytes, from: from) {
                found.append((start..<start + needle.utf8.count, replacement))
                from = start + needle.utf8.count
            }
            return found
        }
        return Splice.replacing(found, in: text)
    }

    /// Whether `text` holds `needle`, byte for byte.
    package static func contains(_ needle: String, in text: String) -> Bool {
        var text = text, needle = needle
        return text.withUTF8 { bytes in needle.withUTF8 { firstOffset(of: $0, in: bytes) != nil } }
    }
}
