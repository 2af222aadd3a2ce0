/// SipHash-2-4 (Aumasson and Bernstein, "SipHash: a fast short-input PRF", 2012): the MAC
/// on every record of the test runner's results channel (`RunnerEntryPoint`). The grader
/// checks with this code; the runner's generated source holds a copy of the lines between
/// the two markers below, and a test checks that the copy is this text and that this
/// function gives the paper's 64 reference vectors.
// runner copy begins
enum RunnerSipHash {
    /// The 64-bit SipHash-2-4 of `message` under the key whose little-endian halves are `k0`, `k1`.
    static func hash(_ message: UnsafeRawBufferPointer, k0: UInt64, k1: UInt64) -> UInt64 {
        var v0: UInt64 = 0x736f6d6570736575 ^ k0
        var v1: UInt64 = 0x646f72616e646f6d ^ k1
        var v2: UInt64 = 0x6c7967656e657261 ^ k0
        var v3: UInt64 = 0x7465646279746573 ^ k1
        let whole = message.count & ~7
        var offset = 0
        while offset < whole {
            let word = UInt64(littleEndian: message.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            v3 ^= word; rounds(2, &v0, &v1, &v2, &v3); v0 ^= word
            offset += 8
        }
        var last = UInt64(truncatingIfNeeded: message.count) << 56
        for index in whole..<message.count { last |= UInt64(message[index]) << UInt64(8 * (index - whole)) }
        v3 ^= last; rounds(2, &v0, &v1, &v2, &v3); v0 ^= last
        v2 ^= 0xff
        rounds(4, &v0, &v1, &v2, &v3)
        return v0 ^ v1 ^ v2 ^ v3
    }

    /// SipRound, `count` times. On `inout` locals, not a closure's captures: those could
    /// be boxed on the heap, and the key would outlive the hash in freed memory.
    private static func rounds(_ count: Int, _ v0: inout UInt64, _ v1: inout UInt64, _ v2: inout UInt64, _ v3: inout UInt64) {
        for _ in 0..<count {
            v0 &+= v1; v1 = v1 << 13 | v1 >> 51; v1 ^= v0; v0 = v0 << 32 | v0 >> 32
            v2 &+= v3; v3 = v3 << 16 | v3 >> 48; v3 ^= v2
            v0 &+= v3; v3 = v3 << 21 | v3 >> 43; v3 ^= v0
            v2 &+= v1; v1 = v1 << 17 | v1 >> 47; v1 ^= v2; v2 = v2 << 32 | v2 >> 32
        }
    }

    /// The MAC of the record numbered `sequence`: the hash of the number (8 bytes,
    /// little-endian) followed by the record's bytes, so a record cannot be moved.
    static func mac(sequence: UInt64, _ record: UnsafeRawBufferPointer, k0: UInt64, k1: UInt64) -> UInt64 {
        var bytes = [UInt8](repeating: 0, count: 8 + record.count)
        for index in 0..<8 { bytes[index] = UInt8(truncatingIfNeeded: sequence >> UInt64(8 * index)) }
        for index in 0..<record.count { bytes[8 + index] = record[index] }
        return bytes.withUnsafeBytes { hash($0, k0: k0, k1: k1) }
    }

    /// Sixteen lowercase hex digits, zero-padded: the MAC as the line carries it.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
// runner copy ends
