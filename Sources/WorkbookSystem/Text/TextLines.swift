import Foundation

/// Splits text into lines by its UTF-8 bytes. Splitting a `String` by Characters is
/// several times slower, and rendering splits every snippet, reference and tests file.
/// A `"\n"` byte is always a line break of its own, except in `"\r\n"`, which Swift
/// treats as one Character: callers that care take the Character path for text with `"\r"`.
package enum TextLines {
    /// Calls `body` with the bytes of each line, without its `"\n"`; `n` breaks give `n + 1` lines.
    package static func forEach(in text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        var text = text
        try text.withUTF8 { bytes in
            var start = 0
            // memchr finds each line feed many bytes at a time.
            while let base = bytes.baseAddress, start < bytes.count,
                  let found = memchr(base + start, 0x0A, bytes.count - start) {
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                try body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                start = end + 1
            }
            try body(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// Where each line of `text` is in its UTF-8 bytes, without its `"\n"`.
    package static func ranges(in text: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            while let base = bytes.baseAddress, start < bytes.count,
                  let found = memchr(base + start, 0x0A, bytes.count - start) {
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                ranges.append(start..<end)
                start = end + 1
            }
            ranges.append(start..<bytes.count)
        }
        return ranges
    }

    /// The lines of `text`, as `text.utf8.split(separator: "\n", omittingEmptySubsequences: false)` gives them.
    package static func split(_ text: String) -> [String] {
        var lines: [String] = []
        forEach(in: text) { lines.append(String(decoding: $0, as: UTF8.self)) }
        return lines
    }

    /// The lines of `text`, each without the spaces and tabs around it (and a `"\r"` before its break).
    static func trimmed(_ text: String) -> [String] {
        var lines: [String] = []
        forEach(in: text) { lines.append(String(decoding: trimming($0), as: UTF8.self)) }
        return lines
    }

    /// `line` without leading spaces and tabs, and without trailing spaces, tabs and `"\r"`.
    package static func trimming(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0, end = line.count
        while start < end, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
        while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x09 || line[end - 1] == 0x0D { end -= 1 }
        return UnsafeBufferPointer(rebasing: line[start..<end])
    }
}
