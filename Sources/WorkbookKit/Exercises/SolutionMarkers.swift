/// Derives an exercise's starter from its reference file by replacing every
/// `// BEGIN SOLUTION` … `// END SOLUTION` region (docs/chapter-format.md). The
/// starter is never stored, so it cannot drift from the reference.
public enum SolutionMarkers {
    static let begin = "// BEGIN SOLUTION"
    static let end = "// END SOLUTION"
    static let starter = "// STARTER:"
    /// What a region without a `// STARTER:` part becomes.
    public static let defaultStub = #"fatalError("Exercise not written yet")"#

    /// The regions of a reference file, by line.
    public struct Region: Sendable, Equatable {
        public var beginLine: Int
        public var endLine: Int
        /// The `// STARTER:` line, when the region has one.
        public var starterLine: Int?
    }

    /// The marked regions of `source`, or an error naming the first broken marker.
    public static func regions(in source: String, path: String) throws(WorkbookError) -> [Region] {
        var regions: [Region] = []
        var open: Region?
        for (offset, line) in lines(source).enumerated() {
            // Every marker holds "//", and so must every line of a starter part: any
            // other line needs no closer look (most lines of a file are such lines).
            if open?.starterLine == nil, !holdsDoubleSlash(line) { continue }
            let number = offset + 1
            let trimmed = line.trimmingWhitespace
            func here() -> SourceLocation { SourceLocation(path: path, line: number, column: indentation(of: line).count + 1) }
            switch trimmed {
            case begin:
                if let open {
                    throw .badSolutionMarkers(here(), "'\(begin)' inside the region opened at line \(open.beginLine); regions do not nest")
                }
                open = Region(beginLine: number, endLine: number)
            case starter:
                guard open != nil else {
                    throw .badSolutionMarkers(here(), "'\(starter)' outside a '\(begin)' region")
                }
                if let starterLine = open?.starterLine {
                    throw .badSolutionMarkers(here(), "a second '\(starter)' in this region (the first is at line \(starterLine))")
                }
                open?.starterLine = number
            case end:
                guard var region = open else {
                    throw .badSolutionMarkers(here(), "'\(end)' without a '\(begin)' before it")
                }
                region.endLine = number
                regions.append(region)
                open = nil
            default:
                if let region = open, region.starterLine != nil, !trimmed.isEmpty, !trimmed.hasPrefix("//") {
                    throw .badSolutionMarkers(here(), "code inside the starter part of the region opened at line \(region.beginLine): starter lines are comments ('// code'), and the region ends with '\(end)'")
                }
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
        let all = lines(source)
        var output: [String] = []
        var lineNumber = 1
        for region in regions {
            output += all[(lineNumber - 1)..<(region.beginLine - 1)]
            let indent = indentation(of: all[region.beginLine - 1])
            if let starterLine = region.starterLine {
                for line in all[starterLine..<(region.endLine - 1)] {
                    output.append(uncomment(line))
                }
            } else {
                output.append(indent + defaultStub)
            }
            lineNumber = region.endLine + 1
        }
        output += all[(lineNumber - 1)...]
        return output.joined(separator: "\n")
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
        return lines(source).enumerated()
            .filter { !skipped.contains($0.offset + 1) }
            .map(\.element)
            .joined(separator: "\n")
    }

    private static func holdsDoubleSlash(_ line: String) -> Bool {
        var previous: UInt8 = 0
        for byte in line.utf8 {
            if byte == UInt8(ascii: "/"), previous == UInt8(ascii: "/") { return true }
            previous = byte
        }
        return false
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
