import Foundation

/// The symbols an ELF file (64-bit, little-endian: Linux on x86-64 and arm64) defines for
/// others to bind to: global or weak, visible (default or protected), not undefined.
/// From an object's `.symtab` or a linked file's `.dynsym`. Read from the bytes, so it
/// needs no tool (`llvm-nm -D --defined-only` gives the same list, at a process launch).
package enum ELFSymbols {
    /// Nil when the file is not such an ELF file or has no symbol table.
    package static func exported(by file: URL) -> [String]? {
        guard let data = try? Data(contentsOf: file, options: .alwaysMapped) else { return nil }
        return data.withUnsafeBytes { exported(in: $0) }
    }

    package static func exported(in bytes: UnsafeRawBufferPointer) -> [String]? {
        func read<T: FixedWidthInteger>(_ offset: Int, _ type: T.Type) -> T? {
            guard offset >= 0, offset + MemoryLayout<T>.size <= bytes.count else { return nil }
            return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
        }
        // "\x7fELF", ELFCLASS64, ELFDATA2LSB.
        guard bytes.count > 64, bytes[0] == 0x7f, bytes[1] == 0x45, bytes[2] == 0x4c, bytes[3] == 0x46,
              bytes[4] == 2, bytes[5] == 1,
              let sectionsAt = read(0x28, UInt64.self), let entrySize = read(0x3A, UInt16.self),
              let count = read(0x3C, UInt16.self), entrySize >= 64 else { return nil }
        struct Section { var type: UInt32; var offset: Int; var size: Int; var link: Int; var entrySize: Int }
        var sections: [Section] = []
        for index in 0..<Int(count) {
            let at = Int(sectionsAt) + index * Int(entrySize)
            guard let type = read(at + 4, UInt32.self), let offset = read(at + 24, UInt64.self),
                  let size = read(at + 32, UInt64.self), let link = read(at + 40, UInt32.self),
                  let entry = read(at + 56, UInt64.self) else { return nil }
            sections.append(Section(type: type, offset: Int(offset), size: Int(size), link: Int(link), entrySize: Int(entry)))
        }
        // SHT_DYNSYM (11) when linked, else SHT_SYMTAB (2).
        guard let table = sections.first(where: { $0.type == 11 }) ?? sections.first(where: { $0.type == 2 }),
              table.link < sections.count, table.entrySize >= 24 else { return nil }
        let strings = sections[table.link]
        var names: [String] = []
        for index in 1..<max(1, table.size / table.entrySize) {
            let at = table.offset + index * table.entrySize
            guard let name = read(at, UInt32.self), let info = read(at + 4, UInt8.self),
                  let other = read(at + 5, UInt8.self), let sectionIndex = read(at + 6, UInt16.self) else { return nil }
            let binding = info >> 4
            let visibility = other & 3
            // STB_GLOBAL, STB_WEAK, STB_GNU_UNIQUE; STV_DEFAULT, STV_PROTECTED; not SHN_UNDEF.
            guard [1, 2, 10].contains(binding), visibility == 0 || visibility == 3, sectionIndex != 0 else { continue }
            let start = strings.offset + Int(name)
            guard start < min(bytes.count, strings.offset + strings.size) else { continue }
            var end = start
            while end < bytes.count, bytes[end] != 0 { end += 1 }
            names.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        }
        return names
    }
}
