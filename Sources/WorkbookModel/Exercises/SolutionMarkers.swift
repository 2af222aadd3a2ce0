import WorkbookSystem
/// Derives an exercise's starter from its reference file by replacing every
/// `// BEGIN SOLUTION` … `// END SOLUTION` region (docs/chapter-format.md). The
/// starter is never stored, so it cannot drift from the reference.
public enum SolutionMarkers {
    package static let begin = "// BEGIN SOLUTION"
    package static let end = "// END SOLUTION"
    package static let starter = "// STARTER:"
    /// What a region without a `// STARTER:` part becomes.
    package static let defaultStub = #"fatalError("Exercise not written yet")"#

    /// The regions of a reference file, by line.
    public struct Region: Sendable, Equatable {
        public var beginLine: Int
        public var endLine: Int
        /// The `// STARTER:` line, when the region has one.
        package var starterLine: Int?

        /// The solution's own lines: after `BEGIN SOLUTION`, before `// STARTER:` (or
        /// `END SOLUTION`); nil when the region holds none.
        public var answerLines: ClosedRange<Int>? {
            let last = (starterLine ?? endLine) - 1
            return beginLine < last ? (beginLine + 1)...last : nil
        }
    }

    /// The marked regions of `source`, or an error naming the first broken marker.
    public static func regions(in source: String, path: String) throws(WorkbookError) -> [Region] {
        var regions: [Region] = []
        var open: Region?
        for (offset, kind) in kinds(of: source).enumerated() {
            let number = offset + 1
            func here() -> SourceLocation {
                SourceLocation(path: path, line: number, column: indentation(of: lines(source)[offset]).count + 1)
            }
            switch kind {
            case .begin:
                if let open {
                    throw .badSolutionMarkers(here(), "'\(begin)' inside the region opened at line \(open.beginLine); regions do not nest")
                }
                open = Region(beginLine: number, endLine: number)
            case .starter:
                guard open != nil else {
                    throw .badSolutionMarkers(here(), "'\(starter)' outside a '\(begin)' region")
                }
                if let starterLine = open?.starterLine {
                    throw .badSolutionMarkers(here(), "a second '\(starter)' in this region (the first is at line \(starterLine))")
                }
                open?.starterLine = number
            case .end:
                guard var region = open else {
                    throw .badSolutionMarkers(here(), "'\(end)' without a '\(begin)' before it")
                }
                region.endLine = number
                regions.append(region)
                open = nil
            case .code:
                if let region = open, region.starterLine != nil {
                    throw .badSolutionMarkers(here(), "code inside the starter part of the region opened at line \(region.beginLine): starter lines are comments ('// code'), and the region ends with '\(end)'")
                }
            case .comment, .blank:
                break
            }
        }
        if let open {
            throw .badSolutionMarkers(
                SourceLocation(path: path, line: open.beginLine), "'\(begin)' is never closed with '\(end)'")
        }
        return regions
    }

    /// The learner's starting point: `source` with each region replaced by its
    /// starter lines (uncommented) or by `defaultStub`.
    public static func starter(from source: String, path: String) throws(WorkbookError) -> String {
        let regions = try regions(in: source, path: path)
        let lines = TextLines.ranges(in: source)
        var text = source
        // Assembled from the source's bytes: a String per line is what made this slow.
        let output = text.withUTF8 { bytes in
            var output = Output(bytes: bytes)
            var lineNumber = 1
            for region in regions {
                for range in lines[(lineNumber - 1)..<(region.beginLine - 1)] { output.appendLine(range) }
                if let starterLine = region.starterLine {
                    for range in lines[starterLine..<(region.endLine - 1)] { output.appendUncommented(range) }
                } else {
                    output.appendStub(indentedAs: lines[region.beginLine - 1])
                }
                lineNumber = region.endLine + 1
            }
            for range in lines[(lineNumber - 1)...] { output.appendLine(range) }
            return output.text
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Where each starter line came from in the reference: element `n - 1` is starter
    /// line `n`'s reference line, and the columns the uncommenting took off (`// ` is 3),
    /// so a compiler's `starter:line:column` can be shown at the reference's
    /// `line:column`. A region's stub stands for its `// BEGIN SOLUTION` line.
    package struct LineMap: Sendable, Equatable {
        public var lines: [(line: Int, columnShift: Int)]

        public static func == (lhs: LineMap, rhs: LineMap) -> Bool {
            lhs.lines.map(\.line) == rhs.lines.map(\.line) && lhs.lines.map(\.columnShift) == rhs.lines.map(\.columnShift)
        }

        /// The reference's line and column for the starter's; nil past the starter's end.
        public func reference(line: Int, column: Int) -> (line: Int, column: Int)? {
            guard line >= 1, line <= lines.count else { return nil }
            let entry = lines[line - 1]
            return (entry.line, column + entry.columnShift)
        }
    }

    /// The line map of the starter `starter(from:path:)` derives from `source`: the same
    /// walk over the regions, counting instead of copying.
    package static func starterLineMap(from source: String, path: String) throws(WorkbookError) -> LineMap {
        let regions = try regions(in: source, path: path)
        let lines = TextLines.split(source)
        var map: [(line: Int, columnShift: Int)] = []
        var lineNumber = 1
        for region in regions {
            for number in lineNumber..<region.beginLine { map.append((number, 0)) }
            if let starterLine = region.starterLine {
                for number in (starterLine + 1)..<region.endLine {
                    // As `uncomment` does: the indentation stays, `//` and one space go.
                    let line = lines[number - 1]
                    let indent = indentation(of: line)
                    let body = line.dropFirst(indent.count)
                    let shift = body.hasPrefix("// ") ? 3 : body.hasPrefix("//") ? 2 : 0
                    map.append((number, shift))
                }
            } else {
                map.append((region.beginLine, 0))
            }
            lineNumber = region.endLine + 1
        }
        if lineNumber <= lines.count {
            for number in lineNumber...lines.count { map.append((number, 0)) }
        }
        return LineMap(lines: map)
    }

    /// The reference with the markers and the commented starter lines removed: the
    /// model answer as it is shown to someone who has passed the exercise.
    public static func solution(from source: String, path: String) throws(WorkbookError) -> String {
        let regions = try regions(in: source, path: path)
        var skipped = Set<Int>()
        for region in regions {
            skipped.insert(region.beginLine)
            for line in (region.starterLine ?? region.endLine)...region.endLine { skipped.insert(line) }
        }
        let lines = TextLines.ranges(in: source)
        var text = source
        let output = text.withUTF8 { bytes in
            var output = Output(bytes: bytes)
            for (offset, range) in lines.enumerated() where !skipped.contains(offset + 1) { output.appendLine(range) }
            return output.text
        }
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: Lines

    /// What a line is to the markers.
    private enum LineKind {
        case begin, starter, end
        /// Any other line that starts with `//` once trimmed.
        case comment
        case blank
        case code
    }

    /// The kind of each line, worked out from its bytes when it is ASCII (each byte a
    /// Character, the white space ASCII's) and from its Characters otherwise.
    private static func kinds(of source: String) -> [LineKind] {
        var kinds: [LineKind] = []
        TextLines.forEach(in: source) { line in
            if line.contains(where: { $0 >= 0x80 }) {
                let trimmed = String(decoding: line, as: UTF8.self).trimmingWhitespace
                switch trimmed {
                case begin: kinds.append(.begin)
                case starter: kinds.append(.starter)
                case end: kinds.append(.end)
                default: kinds.append(trimmed.isEmpty ? .blank : trimmed.hasPrefix("//") ? .comment : .code)
                }
                return
            }
            var start = 0, finish = line.count
            while start < finish, isASCIIWhitespace(line[start]) { start += 1 }
            while finish > start, isASCIIWhitespace(line[finish - 1]) { finish -= 1 }
            let trimmed = UnsafeBufferPointer(rebasing: line[start..<finish])
            // Markers are comments: most lines are told apart by their first two bytes.
            guard trimmed.count >= 2, trimmed[0] == UInt8(ascii: "/"), trimmed[1] == UInt8(ascii: "/") else {
                kinds.append(trimmed.isEmpty ? .blank : .code)
                return
            }
            if trimmed.elementsEqual(beginBytes) {
                kinds.append(.begin)
            } else if trimmed.elementsEqual(starterBytes) {
                kinds.append(.starter)
            } else if trimmed.elementsEqual(endBytes) {
                kinds.append(.end)
            } else {
                kinds.append(.comment)
            }
        }
        return kinds
    }

    private static let beginBytes = Array(begin.utf8), starterBytes = Array(starter.utf8), endBytes = Array(end.utf8)

    /// Tab, line feed, vertical tab, form feed, carriage return, space.
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    /// A starter or solution being assembled from the lines of a source's bytes.
    private struct Output {
        let bytes: UnsafeBufferPointer<UInt8>
        var text: [UInt8] = []
        private var first = true

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            text.reserveCapacity(bytes.count)
        }

        private mutating func startLine() {
            if !first { text.append(0x0A) }
            first = false
        }

        mutating func appendLine(_ range: Range<Int>) {
            startLine()
            text += bytes[range]
        }

        /// The line with its `//` taken off (see `uncomment`).
        mutating func appendUncommented(_ range: Range<Int>) {
            let line = UnsafeBufferPointer(rebasing: bytes[range])
            startLine()
            guard !line.contains(where: { $0 >= 0x80 }) else {
                text += uncomment(String(decoding: line, as: UTF8.self)).utf8
                return
            }
            // ASCII: the same steps on bytes.
            let indent = line.prefix { $0 == 0x20 || $0 == 0x09 }.count
            var body = line[indent...]
            guard body.starts(with: "//".utf8) else {
                text += line
                return
            }
            body = body.dropFirst(2)
            if body.first == 0x20 { body = body.dropFirst() }
            if !body.isEmpty {
                text += line[..<indent]
                text += body
            }
        }

        /// `defaultStub`, indented as the line at `range`.
        mutating func appendStub(indentedAs range: Range<Int>) {
            let line = UnsafeBufferPointer(rebasing: bytes[range])
            startLine()
            if line.contains(where: { $0 >= 0x80 }) {
                text += indentation(of: String(decoding: line, as: UTF8.self)).utf8
            } else {
                text += line.prefix { $0 == 0x20 || $0 == 0x09 }
            }
            text += defaultStub.utf8
        }
    }

    private static func lines(_ source: String) -> [String] {
        TextLines.split(source)
    }

    private static func indentation(of line: String) -> String {
        String(line.prefix(while: { $0 == " " || $0 == "\t" }))
    }

    /// `    // return 0` becomes `    return 0`; `    //` becomes an empty line.
    private static func uncomment(_ line: String) -> String {
        let indent = indentation(of: line)
        var body = line.dropFirst(indent.count)
        guard body.hasPrefix("//") else { return line }
        body = body.dropFirst(2)
        if body.hasPrefix(" ") { body = body.dropFirst() }
        return body.isEmpty ? "" : indent + body
    }
}
