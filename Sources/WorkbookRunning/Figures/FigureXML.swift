/// Parses the XML a figure snippet prints into `FigureSanitizer`'s tree: elements,
/// attributes, text (references decoded, CDATA as text), comments dropped. It is strict
/// where XML is: anything not well-formed is refused with its line and, in an author's
/// words, what is wrong; a document type is refused before parsing (`FigureSanitizer`), and
/// a processing instruction here, so no entity but XML's five ever expands.
///
/// Written by hand rather than through Foundation's `XMLParser`: on Linux that links
/// libxml2, which loads ICU, lzma and zlib at the start of every `workbook` command
/// (1.2 ms of a 4 ms start, measured against an empty C program), and its callbacks made
/// a figure cost 2M instructions (callgrind). The sanitizer writes the figure again from
/// the tree, so the parser decides only what the tree holds, never what reaches the page.
enum FigureXML {
    /// libxml2's limit (without XML_PARSE_HUGE): deeper nesting is refused, so that the
    /// sanitizer's walks over the tree stay shallow.
    static let maximumDepth = 256

    /// The root element of `text`, which holds no document type.
    static func parse(_ text: String) throws(Figure.Rejection) -> FigureSanitizer.Element {
        var text = text
        return try text.withUTF8 { bytes in
            var reader = Reader(bytes)
            return Result { () throws(Figure.Rejection) in try reader.document() }
        }.get()
    }

    /// What makes a document not well-formed, in an author's words.
    enum Mistake: String {
        case noXML = "no XML at all"
        case unclosed = "an element that is not closed, or closed in the wrong place"
        case attributeSyntax = "an attribute without quotes, or two attributes without a space between them"
        case lessThanInValue = "a < inside an attribute's value (write &lt;)"
        case repeatedAttribute = "an attribute given twice"
        case bareAmpersand = "a bare & or an entity XML does not define (write & as &amp;)"
        case afterRoot = "something after the closing </svg>"
        case badCharacter = "a character XML does not allow (a control character, or a character reference to one)"
        case badName = "a < that starts no element (write &lt;), or an element's name that is not an XML name"
        case badMarkup = "markup XML does not know after <! (only a comment <!-- … --> or <![CDATA[ … ]]>)"
        case unclosedComment = "a comment or CDATA section that is not closed, or -- inside a comment"
        case cdataEnd = "]]> in text (write ]]&gt;)"
        case misplacedDeclaration = "an XML declaration (<?xml …?>) that is not at the very start"
        case tooDeep = "elements nested deeper than 256"
        case undeclaredPrefix = "a prefix (such as xlink:) used without its declaration (xmlns:xlink=\"…\")"
    }

    private struct Reader: ~Copyable {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// The line `index` is on, kept by `advance`.
        var line = 1

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        func fail(_ mistake: Mistake) -> Figure.Rejection { .malformed(mistake.rawValue, line: line) }

        var atEnd: Bool { index >= bytes.count }
        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        func starts(with literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
            return true
        }

        mutating func advance(_ count: Int = 1) {
            for _ in 0..<count where index < bytes.count {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
        }

        mutating func skipSpace() -> Bool {
            let start = index
            while let byte = current, isSpace(byte) { advance() }
            return index > start
        }

        // MARK: Document

        mutating func document() throws(Figure.Rejection) -> FigureSanitizer.Element {
            if starts(with: "<?xml"), index + 5 < bytes.count, isSpace(bytes[index + 5]) { try skipProcessingInstruction(declaration: true) }
            try misc()
            guard current == UInt8(ascii: "<") else { throw fail(.noXML) }
            let root = try element(depth: 1, prefixes: [])
            try misc()
            guard atEnd else { throw fail(.afterRoot) }
            return root
        }

        /// Space, comments and (refused) processing instructions around the root.
        mutating func misc() throws(Figure.Rejection) {
            while true {
                _ = skipSpace()
                if starts(with: "<!--") {
                    try skipComment()
                } else if starts(with: "<?") {
                    try skipProcessingInstruction(declaration: false)
                } else {
                    return
                }
            }
        }

        // MARK: Elements

        /// `prefixes`: the namespace prefixes declared around it (`xmlns:xlink` declares `xlink`).
        mutating func element(depth: Int, prefixes: [Substring]) throws(Figure.Rejection) -> FigureSanitizer.Element {
            guard depth <= maximumDepth else { throw fail(.tooDeep) }
            let line = self.line
            advance()  // <
            let name = try self.name(or: .badName)
            var attributes: [(name: String, value: String)] = []
            while true {
                let spaced = skipSpace()
                guard let byte = current else { throw fail(.unclosed) }
                if byte == UInt8(ascii: ">") || starts(with: "/>") { break }
                // Each attribute after a space: `x="1"y="2"` is not XML.
                guard spaced, isNameStart(byte) else { throw fail(.attributeSyntax) }
                let attribute = try self.attribute()
                if attributes.contains(where: { $0.name == attribute.name }) { throw fail(.repeatedAttribute) }
                attributes.append(attribute)
            }
            // As libxml2 reads names, always aware of namespaces: a prefix must be declared.
            let declared = prefixes + attributes.compactMap { $0.name.hasPrefix("xmlns:") ? $0.name.dropFirst(6) : nil }
            for qualified in [name] + attributes.map(\.name) where !qualified.hasPrefix("xmlns:") {
                if let colon = qualified.firstIndex(of: ":"), case let prefix = qualified[..<colon], prefix != "xml", !declared.contains(prefix) {
                    throw .malformed(Mistake.undeclaredPrefix.rawValue, line: line)
                }
            }
            let element = FigureSanitizer.Element(name: name, attributes: attributes, line: line)
            if starts(with: "/>") {
                advance(2)
                return element
            }
            advance()  // >
            try content(of: element, depth: depth, prefixes: declared)
            return element
        }

        mutating func attribute() throws(Figure.Rejection) -> (name: String, value: String) {
            let name = try self.name(or: .attributeSyntax)
            _ = skipSpace()
            guard current == UInt8(ascii: "=") else { throw fail(.attributeSyntax) }
            advance()
            _ = skipSpace()
            guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw fail(.attributeSyntax) }
            advance()
            var value: [UInt8] = []
            while true {
                guard let byte = current else { throw fail(.attributeSyntax) }
                if byte == quote { break }
                switch byte {
                case UInt8(ascii: "<"): throw fail(.lessThanInValue)
                case UInt8(ascii: "&"): try reference(into: &value)
                case 0x0D:
                    // A line break is one space in a value (XML's normalization), CR LF included.
                    advance()
                    if current == 0x0A { advance() }
                    value.append(0x20)
                case 0x09, 0x0A:
                    advance()
                    value.append(0x20)
                default:
                    guard byte >= 0x20 else { throw fail(.badCharacter) }
                    advance()
                    value.append(byte)
                }
            }
            advance()  // the closing quote
            return (name, String(decoding: value, as: UTF8.self))
        }

        /// The element's children, up to and including its end tag.
        mutating func content(of element: FigureSanitizer.Element, depth: Int, prefixes: [Substring]) throws(Figure.Rejection) {
            var text: [UInt8] = []
            func flush() {
                if !text.isEmpty { element.children.append(.text(String(decoding: text, as: UTF8.self))) }
                text.removeAll(keepingCapacity: true)
            }
            while true {
                guard let byte = current else { throw fail(.unclosed) }
                switch byte {
                case UInt8(ascii: "<"):
                    if starts(with: "</") {
                        flush()
                        advance(2)
                        let name = try self.name(or: .unclosed)
                        _ = skipSpace()
                        guard name == element.name, current == UInt8(ascii: ">") else { throw fail(.unclosed) }
                        advance()
                        return
                    } else if starts(with: "<!--") {
                        try skipComment()
                    } else if starts(with: "<![CDATA[") {
                        try cdata(into: &text)
                    } else if starts(with: "<!") {
                        throw fail(.badMarkup)
                    } else if starts(with: "<?") {
                        try skipProcessingInstruction(declaration: false)
                    } else {
                        flush()
                        element.children.append(.element(try self.element(depth: depth + 1, prefixes: prefixes)))
                    }
                case UInt8(ascii: "&"):
                    try reference(into: &text)
                case UInt8(ascii: "]"):
                    if starts(with: "]]>") { throw fail(.cdataEnd) }
                    advance()
                    text.append(byte)
                case 0x0D:
                    // Line ends are read as line feeds (XML's end-of-line handling).
                    advance()
                    if current == 0x0A { advance() }
                    text.append(0x0A)
                default:
                    guard byte >= 0x20 || byte == 0x09 || byte == 0x0A else { throw fail(.badCharacter) }
                    advance()
                    text.append(byte)
                }
            }
        }

        // MARK: Names and references

        /// An XML name: a letter, `_` or `:` (or any character outside ASCII), then those,
        /// digits, `-` and `.`.
        mutating func name(or mistake: Mistake) throws(Figure.Rejection) -> String {
            guard let first = current, isNameStart(first) else { throw fail(mistake) }
            let start = index
            advance()
            while let byte = current, isNameStart(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") { advance() }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        /// XML's five entities and character references, decoded; anything else after `&` is refused.
        mutating func reference(into out: inout [UInt8]) throws(Figure.Rejection) {
            advance()  // &
            let start = index
            while let byte = current, byte != UInt8(ascii: ";"), index - start < 12 {
                guard isNameStart(byte) || isDigit(byte) || byte == UInt8(ascii: "#") else { throw fail(.bareAmpersand) }
                advance()
            }
            guard current == UInt8(ascii: ";") else { throw fail(.bareAmpersand) }
            let name = UnsafeBufferPointer(rebasing: bytes[start..<index])
            advance()  // ;
            if let entity = Self.entities.first(where: { $0.name.elementsEqual(name) }) {
                out.append(entity.byte)
                return
            }
            guard name.first == UInt8(ascii: "#"), let scalar = Self.characterReference(name.dropFirst()) else { throw fail(.bareAmpersand) }
            guard Self.isXMLCharacter(scalar) else { throw fail(.badCharacter) }
            out.append(contentsOf: String(Character(scalar)).utf8)
        }

        static let entities: [(name: [UInt8], byte: UInt8)] = [
            (Array("lt".utf8), UInt8(ascii: "<")), (Array("gt".utf8), UInt8(ascii: ">")), (Array("amp".utf8), UInt8(ascii: "&")),
            (Array("quot".utf8), UInt8(ascii: "\"")), (Array("apos".utf8), UInt8(ascii: "'")),
        ]

        /// `#65;` and `#x41;` without the `#` and `;`.
        static func characterReference(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Unicode.Scalar? {
            let hex = digits.first == UInt8(ascii: "x")
            let text = String(decoding: hex ? digits.dropFirst() : digits, as: UTF8.self)
            guard !text.isEmpty, text.utf8.allSatisfy({ hex ? isHexDigit($0) : isDigit($0) }), let value = UInt32(text, radix: hex ? 16 : 10) else { return nil }
            return Unicode.Scalar(value)
        }

        /// XML 1.0's Char: tab, line feed, carriage return and everything from space on,
        /// except U+FFFE and U+FFFF (surrogates are no scalars).
        static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: return true
            case 0x20...0xFFFD, 0x10000...0x10FFFF: return true
            default: return false
            }
        }

        // MARK: What is skipped or refused

        mutating func skipComment() throws(Figure.Rejection) {
            advance(4)  // <!--
            while !atEnd {
                if starts(with: "--") {
                    guard starts(with: "-->") else { throw fail(.unclosedComment) }
                    advance(3)
                    return
                }
                advance()
            }
            throw fail(.unclosedComment)
        }

        mutating func cdata(into text: inout [UInt8]) throws(Figure.Rejection) {
            advance(9)  // <![CDATA[
            while let byte = current {
                if starts(with: "]]>") {
                    advance(3)
                    return
                }
                guard byte >= 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { throw fail(.badCharacter) }
                advance()
                text.append(byte == 0x0D ? 0x0A : byte)
                if byte == 0x0D, current == 0x0A { advance() }
            }
            throw fail(.unclosedComment)
        }

        /// The XML declaration at the very start is read past; any other processing
        /// instruction is refused (`<?xml-stylesheet …?>` would fetch a stylesheet).
        mutating func skipProcessingInstruction(declaration: Bool) throws(Figure.Rejection) {
            let line = self.line
            advance(2)  // <?
            let start = index
            while let byte = current, !isSpace(byte), !starts(with: "?>") { advance() }
            let target = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if !declaration {
                if target.lowercased() == "xml" { throw fail(.misplacedDeclaration) }
                throw .forbidden("a processing instruction (<?\(target) …?>)", line: line)
            }
            while !atEnd, !starts(with: "?>") { advance() }
            guard !atEnd else { throw fail(.unclosed) }
            advance(2)
        }
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66) }

    /// ASCII letters, `_`, `:`, and every byte of a character outside ASCII.
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }
}
