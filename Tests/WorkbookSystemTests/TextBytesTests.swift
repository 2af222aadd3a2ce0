import Foundation
import Testing
@testable import WorkbookMutation
@testable import WorkbookSystem
@testable import WorkbookModel

@Suite("Text handled as bytes")
struct TextBytesTests {
    @Test("splits lines as the UTF-8 view does, an empty last line included", arguments: [
        "", "a", "a\n", "\n\n", "one\ntwo\r\nthree", "café\n— dash\n",
    ])
    func lines(text: String) {
        let expected = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        #expect(TextLines.split(text) == expected)
        var text = text
        let ranges = TextLines.ranges(in: text)
        #expect(text.withUTF8 { bytes in ranges.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) } } == expected)
    }

    @Test("trims spaces and tabs around a line, and a carriage return at its end")
    func trimmed() {
        #expect(TextLines.trimmed(" \t a b \t\r\n\tc\r\n") == ["a b", "c", ""])
    }

    @Test("replaces every marker as Foundation's replacingOccurrences does", arguments: [
        "", "no marker", "<b>a</b> é <b>b</b>", "<b><b>", "<b", "x<b>", "<b>y",
    ])
    func replacesAll(text: String) {
        #expect(ByteSearch.replacingAll("<b>", with: "<strong>", in: text) == text.replacingOccurrences(of: "<b>", with: "<strong>"))
    }

    @Test("finds markers byte for byte, from where it is told")
    func search() {
        var text = "<p>a</p><p>b</p>"
        text.withUTF8 { bytes in
            #expect(ByteSearch.firstOffset(of: "<p>".utf8, in: bytes) == 0)
            #expect(ByteSearch.firstOffset(of: "<p>".utf8, in: bytes, from: 1) == 8)
            #expect(ByteSearch.firstOffset(of: "</p>".utf8, in: bytes, from: 5) == 12)
            #expect(ByteSearch.firstOffset(of: "</p>".utf8, in: bytes, from: 13) == nil)
            #expect(ByteSearch.firstOffset(of: "<q>".utf8, in: bytes) == nil)
            #expect(ByteSearch.firstOffset(of: "b</p>x".utf8, in: bytes) == nil)
        }
        #expect(ByteSearch.contains(UInt8(ascii: "&"), in: "a &amp; b") && !ByteSearch.contains(UInt8(ascii: "&"), in: "ab"))
        #expect(ByteSearch.isASCII("plain") && !ByteSearch.isASCII("café"))
    }

    @Test("finds a needle where a byte-by-byte comparison at every offset first finds it, for needles of every length")
    func searchMatchesNaive() {
        // A small alphabet, so that near misses (a shared first or last byte) are common.
        var generator = SplitMix64(seed: 29)
        let alphabet = Array("<a h=\"#>/".utf8)
        for _ in 0..<2_000 {
            let haystack = (0..<Int.random(in: 0...60, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let needle = (0..<Int.random(in: 1...7, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let start = Int.random(in: 0...max(0, haystack.count), using: &generator)
            let expected = haystack.count < needle.count ? nil
                : (start...max(start, haystack.count - needle.count)).first { offset in
                    offset + needle.count <= haystack.count && Array(haystack[offset..<offset + needle.count]) == needle
                }
            let found = haystack.withUnsafeBufferPointer { ByteSearch.firstOffset(of: needle, in: $0, from: start) }
            #expect(found == expected, "\(String(decoding: needle, as: UTF8.self)) in \(String(decoding: haystack, as: UTF8.self)) from \(start)")
        }
    }

    @Test("trims white space as Characters do, by bytes when a string is ASCII", arguments: [
        "  a b  ", "\t\n x \r\n", "", "   ", "\u{00A0}a\u{2003}", " \u{0301}a", "a \u{0301}", "\r\na\r\n",
    ])
    func trimmingWhitespace(text: String) {
        let characters = text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
        #expect(text.trimmingWhitespace == String(characters))
        #expect(text[...].trimmingWhitespace == String(characters))
    }
}

@Suite("A set of lines looked up by bytes")
struct LineSetTests {
    static func member(_ set: LineSet, _ line: String) -> Int? {
        var line = line
        return line.withUTF8 { set.member(equalTo: $0) }
    }

    @Test("finds a line exactly when a Set<String> would")
    func sameAsStrings() {
        let members = ["let total = items.reduce(0, +)", "print(\"café\")", "K = 1", "résumé", "x", "print(\"café\")"]
        let set = LineSet(members)
        #expect(set.memberOfLine == [0, 1, 2, 3, 4, 1], "equal lines are one member")
        let strings = Set(members)
        let probes = [
            "let total = items.reduce(0, +)", "let total = items.reduce(0, -)", "print(\"café\")",
            "print(\"cafe\u{0301}\")",  // the same, decomposed
            "\u{212A} = 1",  // the Kelvin sign: canonically the letter K
            "re\u{0301}sume\u{0301}", "x", "", "y",
        ]
        for probe in probes {
            #expect((Self.member(set, probe) != nil) == strings.contains(probe), "\(probe.debugDescription)")
        }
        #expect(Self.member(set, "\u{212A} = 1") == 2)
        #expect(Self.member(set, "re\u{0301}sume\u{0301}") == 3)
    }

    @Test("holds a member that is canonically ASCII under its ASCII form")
    func kelvin() {
        let set = LineSet(["\u{212A}elvin", "semi\u{037E}"])
        #expect(Self.member(set, "Kelvin") == 0)
        #expect(Self.member(set, "semi;") == 1)
        #expect(Self.member(set, "kelvin") == nil)
    }

    @Test("finds a line of any length wherever its bytes lie in memory, and no line that differs in one byte")
    func anyLengthAnyOffset() {
        let members = (0...20).map { String("abcdefghijklmnopqrstu".prefix($0)) }
        let set = LineSet(members)
        for (number, member) in members.enumerated() {
            for offset in 0..<9 {
                // The line inside a larger buffer, starting at every offset of a word.
                let buffer = Array(repeating: UInt8(ascii: "#"), count: offset) + Array(member.utf8) + [UInt8(ascii: "#")]
                buffer.withUnsafeBufferPointer { all in
                    let line = UnsafeBufferPointer(rebasing: all[offset..<(offset + member.utf8.count)])
                    #expect(set.member(equalTo: line) == number, "\(member.debugDescription) at offset \(offset)")
                }
            }
            guard !member.isEmpty else { continue }
            var changed = Array(member.utf8)
            changed[changed.count - 1] ^= 0x01
            #expect(changed.withUnsafeBufferPointer { set.member(equalTo: $0) } == nil, "\(member.debugDescription), last byte changed")
        }
    }

    @Test("tells a line with other characters from every ASCII member, with no other member to look in")
    func otherCharacters() {
        let set = LineSet(["a - b", "Kelvin"])
        for probe in ["a \u{2014} b", "a\u{00A0}-\u{00A0}b", "\u{212A}elvin\u{0301}", "\u{212A}elvi\u{00F1}"] {
            #expect(Self.member(set, probe) == nil, "\(probe.debugDescription)")
        }
        #expect(Self.member(set, "\u{212A}elvin") == 1)
    }

    @Test("finds a member with other characters in any of its canonical forms, and no line that only ends the same")
    func otherMembersByTail() {
        let members = ["caf\u{00E9} \u{2014} 1", "x = \"\u{00E9}\"", "\u{00E9} \u{212A}", "\u{00F1}", "a \u{2014} b"]
        let set = LineSet(members)
        let strings = Set(members)
        let probes = [
            "cafe\u{0301} \u{2014} 1", "x = \"e\u{0301}\"", "e\u{0301} K", "\u{00E9} K", "n\u{0303}", "a \u{2014} b",
            "caf\u{00E8} \u{2014} 1", "x = \"\u{00E8}\"", "\u{00E8} K", "\u{00E9} k", "o\u{0303}", "a \u{2013} b", "\u{2014} 1",
            "e\u{0301}", "\u{00E9}\u{0301}", "\u{2014}",
        ]
        for probe in probes {
            #expect((Self.member(set, probe) != nil) == strings.contains(probe), "\(probe.debugDescription)")
        }
        #expect(Self.member(set, "e\u{0301} K") == 2)
        #expect(Self.member(set, "n\u{0303}") == 3)
    }
}

@Suite("A hint's label")
struct HintLabelTests {
    @Test("is found where it first occurs, by bytes, as the standard library would")
    func firstRange() {
        let texts = ["Hint: a", "A Hint: b", "Hin", "", "café Hint:", "HintHint: c", "Hint:"]
        for text in texts {
            #expect(HintQuote.firstRange(of: "Hint:", in: text) == text.firstRange(of: "Hint:"), "\(text.debugDescription)")
        }
    }
}

@Suite("The visible lines of a page")
struct VisibleLinesTests {
    @Test("leave out tags, even across lines, trim blanks and decode entities")
    func visible() {
        let html = "<p>One &amp; two</p>\n  <pre><code>let a = 1\n</code></pre>\n<a\nhref=\"x\">link</a>\n\t\n<b>"
        #expect(HTML.visibleLines(html) == ["One & two", "let a = 1", "link"])
        var lines: [String] = []
        HTML.forEachVisibleLine(html) { lines.append(String(decoding: $0, as: UTF8.self)) }
        #expect(lines == ["One &amp; two", "let a = 1", "link"])
    }
}
