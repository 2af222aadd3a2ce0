import WorkbookSystem

/// A key for what code compiled against a Swift module depends on: the `.swiftmodule`'s
/// records (an LLVM bitstream), less those only an incremental build system reads — each
/// type's body fingerprint (`DECL_FINGERPRINTS`) and the dependency graph
/// (`INCREMENTAL_INFORMATION_BLOCK`). A fingerprint hashes a type body's tokens, a stored
/// property's initializer among them, so the raw bytes changed with every edit of 1.1's
/// `static let subtract = { $0 - $1 }` (the exercise is closures stored in properties),
/// and `check` compiled the chapter's tests again: 4.7 s wall and 5.7 s of CPU for a
/// check, 1.0 s and 1.4 s with this, measured at load 18 (`make bench-first`'s "an edit
/// inside a stored closure" needs it). Nil for bytes this does not read: the caller keys
/// by the bytes.
///
/// The format: the LLVM Bitcode File Format (llvm.org/docs/BitCodeFormat.html); record and
/// block names come from the module's own BLOCKINFO block, so renumbered codes still match.
package enum SwiftModuleDigest {
    static let magic: [UInt8] = [0xE2, 0x9C, 0xA8, 0x0E]
    static let ignoredRecords: Set<String> = ["DECL_FINGERPRINTS"]
    static let ignoredBlocks: Set<String> = ["INCREMENTAL_INFORMATION_BLOCK"]

    package static func digest(_ bytes: [UInt8]) -> String? {
        guard bytes.count > 4, Array(bytes[0..<4]) == magic else { return nil }
        var reader = BitReader(bytes: bytes, position: 32)
        return try? reader.digest()
    }

    struct Malformed: Error {}

    /// How an abbreviation encodes one operand.
    enum Operand {
        case literal(UInt64), fixed(Int), vbr(Int), array, char6, blob
    }

    struct BitReader {
        let bytes: [UInt8]
        var position: Int

        var atEnd: Bool { position + 32 > bytes.count * 8 }

        mutating func fixed(_ width: Int) throws(Malformed) -> UInt64 {
            guard (0...64).contains(width), position + width <= bytes.count * 8 else { throw Malformed() }
            var value: UInt64 = 0, done = 0
            while done < width {
                let offset = position & 7, take = min(8 - offset, width - done)
                let bits = (UInt64(bytes[position >> 3]) >> UInt64(offset)) & ((1 << UInt64(take)) - 1)
                value |= bits << UInt64(done)
                done += take
                position += take
            }
            return value
        }

        mutating func vbr(_ width: Int) throws(Malformed) -> UInt64 {
            guard width >= 2 else { throw Malformed() }
            var value: UInt64 = 0, shift: UInt64 = 0
            while true {
                let chunk = try fixed(width)
                guard shift < 64 else { throw Malformed() }
                value |= (chunk & ((1 << UInt64(width - 1)) - 1)) << shift
                if chunk >> UInt64(width - 1) == 0 { return value }
                shift += UInt64(width - 1)
            }
        }

        mutating func align() { position = (position + 31) & ~31 }

        /// The records in order, each with its block, except the ignored ones, hashed.
        mutating func digest() throws(Malformed) -> String {
            var hash = ContentHash()
            // Block id, abbreviation width, the abbreviations in force.
            var blocks: [(id: UInt64?, width: Int, abbreviations: [[Operand]])] = [(nil, 2, [])]
            var blockInfo: [UInt64: [[Operand]]] = [:]
            var blockNames: [UInt64: String] = [:]
            var recordNames: [UInt64: [UInt64: String]] = [:]
            var infoTarget: UInt64?
            while !atEnd, let block = blocks.last {
                let id = try fixed(block.width)
                switch id {
                case 0:  // END_BLOCK
                    align()
                    hash.combine("end")
                    blocks.removeLast()
                    if blocks.isEmpty { return hash.hex }
                case 1:  // ENTER_SUBBLOCK
                    let inner = try vbr(8), width = Int(try vbr(4))
                    align()
                    let words = Int(try fixed(32))
                    if let name = blockNames[inner], SwiftModuleDigest.ignoredBlocks.contains(name) {
                        position += words * 32
                        continue
                    }
                    hash.combine("block \(inner)")
                    blocks.append((inner, width, blockInfo[inner] ?? []))
                case 2:  // DEFINE_ABBREV
                    let abbreviation = try defineAbbreviation()
                    if block.id == 0, let target = infoTarget {
                        blockInfo[target, default: []].append(abbreviation)
                    } else {
                        blocks[blocks.count - 1].abbreviations.append(abbreviation)
                    }
                default:
                    let (code, operands, blob) = id == 3 ? try unabbreviatedRecord() : try record(block.abbreviations, id: Int(id))
                    if block.id == 0 {
                        // BLOCKINFO: SETBID, BLOCKNAME, SETRECORDNAME.
                        switch code {
                        case 1: infoTarget = operands.first
                        case 2: if let target = infoTarget { blockNames[target] = Self.text(operands) }
                        case 3: if let target = infoTarget, let record = operands.first { recordNames[target, default: [:]][record] = Self.text(operands.dropFirst()) }
                        default: break
                        }
                        continue
                    }
                    if let blockID = block.id, let name = recordNames[blockID]?[code], SwiftModuleDigest.ignoredRecords.contains(name) { continue }
                    hash.combine("\(code):" + operands.map(String.init).joined(separator: ","))
                    if let blob { hash.combine(blob) }
                }
            }
            return hash.hex
        }

        static func text(_ characters: some Collection<UInt64>) -> String {
            String(decoding: characters.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
        }

        mutating func defineAbbreviation() throws(Malformed) -> [Operand] {
            let count = try vbr(5)
            guard count <= 1024 else { throw Malformed() }
            var operands: [Operand] = []
            for _ in 0..<count {
                if try fixed(1) == 1 {
                    operands.append(.literal(try vbr(8)))
                    continue
                }
                switch try fixed(3) {
                case 1: operands.append(.fixed(Int(try vbr(5))))
                case 2: operands.append(.vbr(Int(try vbr(5))))
                case 3: operands.append(.array)
                case 4: operands.append(.char6)
                case 5: operands.append(.blob)
                default: throw Malformed()
                }
            }
            return operands
        }

        mutating func unabbreviatedRecord() throws(Malformed) -> (UInt64, [UInt64], [UInt8]?) {
            let code = try vbr(6), count = try vbr(6)
            guard count <= UInt64(bytes.count) else { throw Malformed() }
            var operands: [UInt64] = []
            for _ in 0..<count { operands.append(try vbr(6)) }
            return (code, operands, nil)
        }

        mutating func scalar(_ operand: Operand) throws(Malformed) -> UInt64 {
            switch operand {
            case .literal(let value): return value
            case .fixed(let width): return try fixed(width)
            case .vbr(let width): return try vbr(width)
            case .char6: return try fixed(6)
            case .array, .blob: throw Malformed()
            }
        }

        mutating func record(_ abbreviations: [[Operand]], id: Int) throws(Malformed) -> (UInt64, [UInt64], [UInt8]?) {
            guard abbreviations.indices.contains(id - 4) else { throw Malformed() }
            let abbreviation = abbreviations[id - 4]
            var values: [UInt64] = [], blob: [UInt8]?, index = 0
            while index < abbreviation.count {
                switch abbreviation[index] {
                case .array:
                    guard index + 1 < abbreviation.count else { throw Malformed() }
                    let count = try vbr(6)
                    guard count <= UInt64(bytes.count) * 8 else { throw Malformed() }
                    for _ in 0..<count { values.append(try scalar(abbreviation[index + 1])) }
                    index += 1
                case .blob:
                    let count = Int(try vbr(6))
                    align()
                    let start = position >> 3
                    guard count >= 0, start + count <= bytes.count else { throw Malformed() }
                    blob = Array(bytes[start..<(start + count)])
                    position += count * 8
                    align()
                default:
                    values.append(try scalar(abbreviation[index]))
                }
                index += 1
            }
            guard let code = values.first else { throw Malformed() }
            return (code, Array(values.dropFirst()), blob)
        }
    }
}
