import Foundation
import WorkbookSystem

/// Just enough of an ELF64 little-endian object file (what the Swift compiler writes on
/// Linux) to read a section's bytes and the symbol table, with every offset checked:
/// a file this cannot read is nil, never a crash.
package struct ELFObject {
    struct Section {
        /// Where the name starts in the section-name table.
        var nameOffset: Int
        var type: UInt32
        var offset: Int
        var size: Int
        var link: Int
    }

    /// The names an object defines for other objects, and the ones it needs from them.
    package struct Symbols: Equatable {
        package var defined: Set<String> = []
        package var undefined: Set<String> = []
    }

    private let bytes: Slice<UnsafeRawBufferPointer>
    private(set) var sections: [Section]
    /// The section-name table's place in the file.
    private var namesStart = 0, namesEnd = 0

    static let magic: [UInt8] = [0x7f, 0x45, 0x4c, 0x46]

    /// Reads the section table; the bytes must outlive the value.
    package init?(_ bytes: Slice<UnsafeRawBufferPointer>) {
        self.bytes = bytes
        guard bytes.count >= 64, bytes.starts(with: Self.magic), bytes[bytes.startIndex + 4] == 2, bytes[bytes.startIndex + 5] == 1
        else { return nil }
        sections = []
        guard let headers = integer(0x28, UInt64.self), let headerSize = integer(0x3A, UInt16.self),
              let headerCount = integer(0x3C, UInt16.self), let namesIndex = integer(0x3E, UInt16.self),
              headerSize >= 64, namesIndex < headerCount
        else { return nil }
        var raw: [(name: Int, type: UInt32, offset: Int, size: Int, link: Int)] = []
        for index in 0..<headerCount {
            let header = headers + index * headerSize
            guard let name = integer(header, UInt32.self), let type = integer(header + 4, UInt32.self),
                  let offset = integer(header + 24, UInt64.self), let size = integer(header + 32, UInt64.self),
                  let link = integer(header + 40, UInt32.self)
            else { return nil }
            // A section without bytes in the file (.bss) may claim any size.
            guard type == 8 /* SHT_NOBITS */ || offset + size <= bytes.count else { return nil }
            raw.append((name, UInt32(type), offset, size, link))
        }
        let names = raw[namesIndex]
        guard names.offset + names.size <= bytes.count else { return nil }
        namesStart = names.offset
        namesEnd = names.offset + names.size
        // Names are compared where they lie: an object has a section per function.
        sections = raw.map { Section(nameOffset: $0.name, type: $0.type, offset: $0.offset, size: $0.size, link: $0.link) }
    }

    /// The bytes of the section named `name`, if there is one.
    func contents(of name: String) -> Slice<UnsafeRawBufferPointer>? {
        let wanted = Array(name.utf8)
        guard let section = sections.first(where: { section in
            let start = namesStart + section.nameOffset
            let end = start + wanted.count
            return section.type != 8 && end < namesEnd && bytes[(bytes.startIndex + end)] == 0
                && bytes[(bytes.startIndex + start)..<(bytes.startIndex + end)].elementsEqual(wanted)
        }) else { return nil }
        return bytes[(bytes.startIndex + section.offset)..<(bytes.startIndex + section.offset + section.size)]
    }

    /// The global and weak symbols: defined here, or needed from elsewhere. Nil when the
    /// symbol table cannot be read.
    package func symbols() -> Symbols? {
        var symbols = Symbols()
        for table in sections where table.type == 2 /* SHT_SYMTAB */ {
            guard table.link < sections.count else { return nil }
            let names = sections[table.link]
            var entry = table.offset
            while entry + 24 <= table.offset + table.size {
                guard let name = integer(entry, UInt32.self), let info = integer(entry + 4, UInt8.self),
                      let sectionIndex = integer(entry + 6, UInt16.self)
                else { return nil }
                entry += 24
                let binding = info >> 4
                guard binding == 1 || binding == 2 /* GLOBAL, WEAK */, name != 0,
                      let text = string(at: names.offset + name, limit: names.offset + names.size)
                else { continue }
                if sectionIndex == 0 /* SHN_UNDEF */ { symbols.undefined.insert(text) } else { symbols.defined.insert(text) }
            }
        }
        return symbols
    }

    // One unaligned load, and the name's end found by memchr: copying byte by byte and
    // searching through the slice, unoptimized in a debug build, made reading the symbol
    // tables a tenth of `workbook mutate`'s own CPU.
    private func integer<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> Int? {
        guard offset >= 0, offset + MemoryLayout<T>.size <= bytes.count else { return nil }
        let value = bytes.base.loadUnaligned(fromByteOffset: bytes.startIndex + offset, as: T.self)
        return Int(exactly: T(littleEndian: value))
    }

    private func string(at offset: Int, limit: Int) -> String? {
        guard offset >= 0, offset <= limit, limit <= bytes.count else { return nil }
        let text = UnsafeRawBufferPointer(rebasing: bytes[(bytes.startIndex + offset)..<(bytes.startIndex + limit)])
        let length = ByteSearch.firstOffset(of: 0, in: text.assumingMemoryBound(to: UInt8.self)) ?? text.count
        return String(decoding: UnsafeRawBufferPointer(rebasing: text[..<length]), as: UTF8.self)
    }
}
