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
        return others.isEmpty ? nil : others[String(decoding: line, as: UTF8.self)]
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
    private static func asciiForm(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var form: [UInt8] = []
        form.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                form.append(byte)
                index += 1
                continue
            }
            let rest = bytes.count - index
            if rest >= 2, byte == 0xCD, bytes[index + 1] == 0xBE {  // U+037E
                form.append(UInt8(ascii: ";"))
                index += 2
            } else if rest >= 3, byte == 0xE1, bytes[index + 1] == 0xBF, bytes[index + 2] == 0xAF {  // U+1FEF
                form.append(UInt8(ascii: "`"))
                index += 3
            } else if rest >= 3, byte == 0xE2, bytes[index + 1] == 0x84, bytes[index + 2] == 0xAA {  // U+212A
                form.append(UInt8(ascii: "K"))
                index += 3
            } else {
                return nil
            }
        }
        return form
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
