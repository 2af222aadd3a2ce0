import Foundation

/// A set of lines that tells whether a line, given as UTF-8 bytes, is one of them,
/// without making a `String` of it: the leak audit asks this of every line of every
/// chapter, starter and page, and making those Strings was most of its time.
///
/// Lines are equal as Swift Strings are equal (canonically equivalent), exactly as a
/// `Set<String>` would answer. A member whose NFC form is ASCII (nearly all of them, and
/// the Kelvin sign too, whose NFC form is the letter K) is kept by the bytes of that form,
/// in an open-addressing table keyed by a byte hash; the others in a dictionary. An ASCII
/// line is looked up by its bytes; any other line in the dictionary, then by the bytes of
/// its NFC form. Members are numbered; equal lines are one member.
package struct LineSet: Sendable {
    /// The member number of each line given, in their order.
    package let memberOfLine: [Int]
    /// The ASCII forms, one after the other in `bytes` (one allocation, not thousands: the
    /// audit's set holds every line of every tests file), their hashes and member numbers.
    private let bytes: [UInt8]
    private let forms: [Range<Int>]
    private let hashes: [UInt64]
    private let formMembers: [Int]
    /// Indices into `forms` (-1: empty); a power of two long, at most half full.
    private let slots: [Int32]
    /// Members whose NFC form is not ASCII.
    private let others: [String: Int]
    /// The hashes of those members' tails (`tail(of:)`): a line with another tail is
    /// none of them, told without making a String of it. Looking up the lines with a
    /// dash or a quotation mark (1,061 a student render) as Strings, hashed in NFC, took
    /// 3.7M instructions (callgrind), most of them in the check of the pages that ends a render.
    private let otherTails: Set<UInt64>

    package init(_ lines: [String]) {
        var bytes: [UInt8] = [], forms: [Range<Int>] = [], hashes: [UInt64] = [], formMembers: [Int] = [], others: [String: Int] = [:]
        var capacity = 16
        while capacity < lines.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: -1, count: capacity)
        var memberOfLine: [Int] = []
        memberOfLine.reserveCapacity(lines.count)
        var members = 0
        func insert(_ form: UnsafeBufferPointer<UInt8>, hash: UInt64) {
            var slot = Int(hash & UInt64(capacity - 1))
            while slots[slot] >= 0 {
                let index = Int(slots[slot])
                if hashes[index] == hash, forms[index].count == form.count, form.isEmpty
                    || bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress! + forms[index].lowerBound, form.baseAddress!, form.count) == 0 }) {
                    memberOfLine.append(formMembers[index])
                    return
                }
                slot = (slot + 1) & (capacity - 1)
            }
            slots[slot] = Int32(forms.count)
            forms.append(bytes.count..<(bytes.count + form.count))
            bytes += form
            hashes.append(hash)
            formMembers.append(members)
            memberOfLine.append(members)
            members += 1
        }
        for line in lines {
            var text = line
            // ASCII, nearly always: hashed and stored straight from the line's bytes.
            let stored = text.withUTF8 { utf8 -> Bool in
                let (hash, ascii) = Self.hashAndASCII(utf8)
                guard ascii else { return false }
                insert(utf8, hash: hash)
                return true
            }
            if stored { continue }
            if let form = Self.asciiForm(of: line) {
                form.withUnsafeBufferPointer { insert($0, hash: Self.hash($0)) }
            } else if let member = others[line] {
                memberOfLine.append(member)
            } else {
                others[line] = members
                memberOfLine.append(members)
                members += 1
            }
        }
        self.memberOfLine = memberOfLine
        self.bytes = bytes
        self.forms = forms
        self.hashes = hashes
        self.formMembers = formMembers
        self.slots = slots
        self.others = others
        otherTails = Set(others.keys.map { line in
            var line = line
            return line.withUTF8 { Self.tail(of: $0) }
        })
    }

    /// The number of the member equal to `line`, if there is one.
    package func member(equalTo line: UnsafeBufferPointer<UInt8>) -> Int? {
        // One pass: the hash, and whether any byte is not ASCII.
        let (hash, ascii) = Self.hashAndASCII(line)
        if ascii { return asciiMember(equalTo: line, hash: hash) }
        // A line's NFC form is ASCII (then it is looked up by those bytes) or it is not
        // (then only `others` can hold it): read from the bytes first, as most such lines
        // (prose with a dash or a quotation mark) are told apart at their first one.
        if let form = Self.asciiForm(ofUTF8: line) {
            return form.withUnsafeBufferPointer { asciiMember(equalTo: $0, hash: Self.hash($0)) }
        }
        guard !others.isEmpty, otherTails.contains(Self.tail(of: line)) else { return nil }
        return others[String(decoding: line, as: UTF8.self)]
    }

    /// The hash of a line's tail: its characters after the last one that is neither ASCII
    /// nor one of the three whose NFC form is (those as their ASCII forms). Canonically
    /// equivalent lines have the same tail, as normalizing only decomposes, composes and
    /// reorders around characters outside ASCII: an ASCII character is never decomposed,
    /// never reordered, never the second of a composed pair, and no other character's
    /// decomposition ends in one (tested over every scalar).
    static func tail(of line: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var start = line.count
        var mapped = false
        scan: while start > 0 {
            if line[start - 1] < 0x80 {
                start -= 1
                continue
            }
            for length in 2...3 where start >= length {
                if let found = asciiSingleton(at: start - length, in: line), found.length == length {
                    start -= length
                    mapped = true
                    continue scan
                }
            }
            break
        }
        let tail = UnsafeBufferPointer(rebasing: line[start...])
        guard mapped, let form = asciiForm(ofUTF8: tail) else { return hash(tail) }
        return form.withUnsafeBufferPointer { hash($0) }
    }

    private func asciiMember(equalTo line: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(hash & UInt64(mask))
        while slots[slot] >= 0 {
            let index = Int(slots[slot])
            if hashes[index] == hash, equal(forms[index], line) { return formMembers[index] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The bytes of `line`'s NFC form when they are all ASCII. Only three characters
    /// that are not ASCII have an NFC form that is: U+037E GREEK QUESTION MARK (`;`),
    /// U+1FEF GREEK VARIA (a grave accent) and U+212A KELVIN SIGN (`K`); any other one stays
    /// outside ASCII, alone or composed. (Foundation's normalization would tell too, but
    /// it cost more than all the rest of the audit.)
    private static func asciiForm(of line: String) -> [UInt8]? {
        var line = line
        return line.withUTF8 { asciiForm(ofUTF8: $0) }
    }

    /// `asciiForm(of:)` on valid UTF-8, the three characters matched by their encodings.
    /// Nothing is allocated for a line with any other character (most of those asked).
    private static func asciiForm(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
            } else if let found = asciiSingleton(at: index, in: bytes) {
                index += found.length
            } else {
                return nil
            }
        }
        var form: [UInt8] = []
        form.reserveCapacity(bytes.count)
        index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                form.append(bytes[index])
                index += 1
            } else if let found = asciiSingleton(at: index, in: bytes) {
                form.append(found.ascii)
                index += found.length
            }
        }
        return form
    }

    /// U+037E, U+1FEF or U+212A when its UTF-8 starts at `index`: its length and its NFC form.
    private static func asciiSingleton(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (length: Int, ascii: UInt8)? {
        let rest = bytes.count - index
        let byte = bytes[index]
        if rest >= 2, byte == 0xCD, bytes[index + 1] == 0xBE { return (2, UInt8(ascii: ";")) }  // U+037E
        guard rest >= 3 else { return nil }
        if byte == 0xE1, bytes[index + 1] == 0xBF, bytes[index + 2] == 0xAF { return (3, UInt8(ascii: "`")) }  // U+1FEF
        if byte == 0xE2, bytes[index + 1] == 0x84, bytes[index + 2] == 0xAA { return (3, UInt8(ascii: "K")) }  // U+212A
        return nil
    }

    private func equal(_ form: Range<Int>, _ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard form.count == line.count else { return false }
        guard !form.isEmpty, let start = line.baseAddress else { return true }  // both empty
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + form.lowerBound, start, line.count) == 0 }
    }

    /// A hash of `bytes` taken eight at a time (a multiply and a shift a word: hashing a
    /// byte at a time was most of a lookup, and the audit looks up every line of every
    /// chapter and page), and whether they are all ASCII.
    private static func hashAndASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> (hash: UInt64, ascii: Bool) {
        guard let base = bytes.baseAddress else { return (hashSeed, true) }
        let raw = UnsafeRawPointer(base)
        var hash = hashSeed ^ UInt64(bytes.count)
        var bits: UInt64 = 0
        var offset = 0
        func mix(_ word: UInt64) {
            bits |= word
            hash = (hash ^ word) &* hashPrime
            hash ^= hash >> 29
        }
        while offset + 8 <= bytes.count {
            mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < bytes.count {
            var last: UInt64 = 0
            for index in offset..<bytes.count { last |= UInt64(base[index]) << (8 * UInt64(index - offset)) }
            mix(last)
        }
        return (hash, bits & 0x8080_8080_8080_8080 == 0)
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        hashAndASCII(bytes).hash
    }

    private static let hashSeed: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let hashPrime: UInt64 = 0x9E37_79B9_7F4A_7C15
}
