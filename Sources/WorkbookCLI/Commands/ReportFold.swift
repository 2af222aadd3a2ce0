/// Keeps a failing exercise's details short enough to read without scrolling: a line
/// longer than `widest` is cut in its middle, with its length said (a 3.6 deadlock's message
/// was one line of 46,078 characters, 505 copies of one string); past `rows` screen rows,
/// the lines that say the least go first — the code under the later failing tests, then
/// the code under the first, then the messages from the last — and a failing test's ✗
/// line last.
enum ReportFold {
    /// No report line is wider than this.
    static let widest = 300
    /// Screen rows of details under an exercise's line, the fold line included. With the
    /// chapter's title, the exercise's line and the totals, a `check N.M` report stays
    /// under 50 rows.
    static let rows = 40

    /// `line` as report lines no wider than `widest` with the report's indent of `indent`:
    /// up to three times that, wrapped at spaces (a message is read whole); longer, it is a
    /// value nobody reads whole, and it is cut.
    static func fitted(_ line: String, indent: Int = 8) -> [String] {
        // A predict exercise's "Why:" is the one entry of several lines, each short.
        guard line.count + indent > widest, !line.contains("\n") else { return [line] }
        guard line.count + indent <= 3 * widest else { return [elided(line, indent: indent)] }
        let leading = String(line.prefix { $0 == " " })
        return TextWrap.wrap(line, width: widest - indent, hangingIndent: leading + "  ")
    }

    /// `line` cut to `widest` characters with the report's indent of `indent`, its middle
    /// replaced by a note of its length.
    static func elided(_ line: String, indent: Int = 8) -> String {
        guard line.count + indent > widest else { return line }
        let note = " … (\(line.count) characters in all; --full shows them) … "
        let room = max(widest - indent - note.count, 0)
        let head = line.prefix(room * 2 / 3)
        return head + note + line.suffix(room - head.count)
    }

    /// The lines to print for one exercise's details, and how many were left out. `cost`
    /// gives the screen rows a line takes (more than one where the terminal wraps it).
    static func fold(_ lines: [String], rows: Int = rows, cost: (String) -> Int) -> (lines: [String], hidden: Int) {
        let costs = lines.map(cost)
        guard costs.reduce(0, +) > rows else { return (lines, 0) }
        let units = self.units(lines)
        var kept = Set<Int>()
        var budget = rows - 1  // the fold line
        for rank in 0...3 {
            for unit in units where unit.rank == rank {
                let unitCost = unit.lines.map { costs[$0] }.reduce(0, +)
                guard unitCost <= budget else {
                    // Words stop at the first that does not fit, so what is kept of a message
                    // reads from its top; a piece of code is shown whole or not at all.
                    if rank <= 1 { break } else { continue }
                }
                kept.formUnion(unit.lines)
                budget -= unitCost
            }
        }
        return (lines.indices.filter(kept.contains).map { lines[$0] }, lines.count - kept.count)
    }

    /// A failing test's ✗ line (rank 0); a line of words — a message, what comes before
    /// the first test (rank 1); a piece of code with the line that names it, the test's or
    /// the learner's (rank 2 under the first failing test, 3 under the others).
    private static func units(_ lines: [String]) -> [(rank: Int, lines: [Int])] {
        var units: [(rank: Int, lines: [Int])] = []
        var testsSeen = 0
        for index in lines.indices {
            let line = lines[index]
            if isTestLine(line) {
                testsSeen += 1
                units.append((0, [index]))
            } else if testsSeen > 0, isCode(line), let last = units.last, last.rank >= 2, last.lines.last == index - 1 {
                units[units.count - 1].lines.append(index)
            } else if testsSeen > 0, isCode(line) || isCodeHeading(index, in: lines) {
                units.append((testsSeen == 1 ? 2 : 3, [index]))
            } else {
                units.append((1, [index]))
            }
        }
        return units
    }

    /// Numbered code under a failing test, indented past its message.
    private static func isCode(_ line: String) -> Bool { line.hasPrefix("      ") }

    /// `    Tests/…:18:` or `    your add:`: the line that names the code below it.
    private static func isCodeHeading(_ index: Int, in lines: [String]) -> Bool {
        lines[index].hasSuffix(":") && index + 1 < lines.count && isCode(lines[index + 1])
    }

    private static func isTestLine(_ line: String) -> Bool { line.hasPrefix("✗ ") }
}
