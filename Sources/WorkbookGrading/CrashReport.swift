import Foundation
import WorkbookToolchain

/// What a crashed test process left on standard error, read for the learner: the
/// runtime's trap line, and the Swift backtracer's report of the crashed thread (the
/// runner is started with `SWIFT_BACKTRACE=enable=yes,…`), kept to the frames that are
/// in the learner's files. Each fact it states is one the output shows.
struct CrashReport {
    struct LearnerFile {
        var displayPath: String
        var declarations: Declarations
        /// The file's absolute path, as the line tables name it.
        var path: String = ""
    }

    struct Frame: Equatable {
        var symbol: String
        var image: String
        /// `at /path/Ex1.swift:12:5`, from the line tables, when the image has them.
        var path: String?
        var line: Int?
    }

    /// `Swift/…: Fatal error: Index out of range`, or a precondition's or libdispatch's own line.
    var trapLine: String?
    /// The crashed thread's frames, innermost first.
    var frames: [Frame] = []
    /// The backtracer's headline, e.g. "Bad pointer dereference at 0x0000000000000008".
    var headline: String?
    /// `file:line: in symbol` for each frame in the learner's code, innermost first.
    var learnerFrames: [String] = []
    /// The learner function that appears most often in a row, and how often, when it
    /// called itself many times: deep recursion, shown by the frames themselves.
    var recursion: (name: String, count: Int)?

    /// The learner's module is compiled with line tables (and nothing more of debug
    /// information): the backtracer then gives each frame its `file:line:column`.
    static let moduleFlags = SwiftToolchain.languageFlags.map { $0 == "-gnone" ? "-gline-tables-only" : $0 }

    /// The Swift runtime backtracer's settings for a test process.
    static let backtraceSettings = "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,sanitize=no,output-to=stderr"

    static let trapMarkers = ["Fatal error", "Precondition failed", "Assertion failed", "BUG IN CLIENT OF LIBDISPATCH"]

    /// `learnerFiles` is read only when a frame outside the tests is there to place: each
    /// file is parsed for its declarations, and most runs end without a crash.
    init(standardError: String, learnerFiles load: @autoclosure () -> [LearnerFile]) {
        let lines = standardError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        trapLine = lines.first { line in CrashReport.trapMarkers.contains { line.contains($0) } }
        var inCrashedThread = false
        for line in lines {
            if line.hasPrefix("*** Program crashed: "), line.hasSuffix(" ***") {
                headline = String(line.dropFirst("*** Program crashed: ".count).dropLast(4))
            } else if line.hasPrefix("Thread "), line.hasSuffix(" crashed:") {
                inCrashedThread = true
            } else if inCrashedThread {
                if line.trimmingCharacters(in: .whitespaces).isEmpty, !frames.isEmpty { inCrashedThread = false; continue }
                if let frame = CrashReport.frame(line) { frames.append(frame) }
            }
        }
        var previous: String?
        var run = 0
        let learnerFiles = frames.contains { !CrashReport.isTestFrame($0.symbol) } ? load() : []
        let linesShown = frames.contains { $0.path != nil }
        for frame in frames where !CrashReport.isTestFrame(frame.symbol) {
            let byLine = frame.path.flatMap { path in learnerFiles.first { !$0.path.isEmpty && $0.path == path } }
            // By file, not by name: a frame whose line tables name another file, or one in
            // the system's libraries, is not the learner's even when its function has a
            // learner function's name (a deadlock trap in 1.2 was put "in your code" at a
            // learner's `apply`, measured).
            // The learner's module has line tables: when the trace shows them, a frame
            // without them is not in it.
            if byLine == nil, frame.path != nil || linesShown || CrashReport.isSystemImage(frame.image) {
                previous = nil; run = 0; continue
            }
            let located = CrashReport.locate(frame.symbol, in: byLine.map { [$0] } ?? learnerFiles)
            guard let file = byLine ?? located?.0 else { previous = nil; run = 0; continue }
            // The line the frame was at, when the line tables say; else the declaration's.
            let line = byLine != nil ? frame.line ?? located?.1.line ?? 1 : located?.1.line ?? 1
            let name = located?.1.qualifiedName ?? frame.symbol
            let place = "\(file.displayPath):\(line): in \(name)"
            run = place == previous ? run + 1 : 1
            previous = place
            if run >= 8, run > (recursion?.count ?? 0) { recursion = (name, run) }
            if learnerFrames.last != place, learnerFrames.count < 8 { learnerFrames.append(place) }
        }
    }

    /// Stopped inside libdispatch's `sync`, by libdispatch's own check (the frames, or its message, say so).
    var inDispatchSync: Bool {
        trapLine?.contains("dispatch_sync called on queue already owned by current thread") == true
            || frames.prefix(3).contains { $0.image.hasPrefix("libdispatch") && $0.symbol.contains("__DISPATCH_WAIT_FOR_QUEUE__") }
    }

    /// The signal in words, with what the output established about it.
    func describe(signal: Int32) -> String {
        switch signal {
        case SIGILL, SIGTRAP:
            let name = signal == SIGILL ? "SIGILL" : "SIGTRAP"
            if inDispatchSync { return "a trap in libdispatch (\(name))" }
            // Issue 55: the signal's meaning; the trap's message, when it printed one, follows
            // on its own line (`Interpretation.trapDetails`).
            return signal == SIGILL ? "SIGILL (illegal instruction: a Swift runtime trap)" : "SIGTRAP (trace trap: a Swift runtime trap)"
        case SIGSEGV, SIGBUS:
            let name = signal == SIGSEGV ? "SIGSEGV" : "SIGBUS"
            if let recursion {
                return "a bad memory access (\(name)) after `\(recursion.name)` called itself \(recursion.count)+ times in a row: "
                    + "deep recursion ran out of stack"
            }
            return "a bad memory access (\(name))" + (headline.map { ": \($0)" } ?? "")
        case SIGABRT: return "abort() (SIGABRT)"
        case SIGFPE: return "an arithmetic fault (SIGFPE)"
        case SIGKILL: return "killed from outside the tests (SIGKILL); their output does not say by what"
        case SIGTERM: return "terminated from outside the tests (SIGTERM)"
        default: return "signal \(signal)"
        }
    }

    /// `  3 [ra]   0x00007f…  answer4() + 52 in libChapter02Faults.so [at /w/Ex4.swift:6:17]`
    static func frame(_ line: String) -> Frame? {
        guard let address = line.range(of: " 0x") else { return nil }
        var rest = line[address.upperBound...].drop { $0.isHexDigit }.trimmingCharacters(in: .whitespaces)
        var path: String?
        var lineNumber: Int?
        if let at = rest.range(of: #" at (/.+):(\d+):(\d+)$"#, options: .regularExpression) {
            let location = rest[at].dropFirst(4).split(separator: ":")
            if location.count >= 3, let number = Int(location[location.count - 2]) {
                path = URL(fileURLWithPath: location.dropLast(2).joined(separator: ":")).standardizedFileURL.path
                lineNumber = number
            }
            rest = String(rest[..<at.lowerBound])
        }
        guard !rest.isEmpty, let imageMarker = rest.range(of: " in ", options: .backwards) else { return nil }
        let image = String(rest[imageMarker.upperBound...])
        rest = String(rest[..<imageMarker.lowerBound])
        if let offset = rest.range(of: " + ", options: .backwards), rest[offset.upperBound...].allSatisfy(\.isNumber) {
            rest = String(rest[..<offset.lowerBound])
        }
        return Frame(symbol: rest, image: image, path: path, line: lineNumber)
    }

    /// The runtime's, the C library's and the toolchain's libraries: never learner code.
    static func isSystemImage(_ image: String) -> Bool {
        let system = ["libswift", "libdispatch", "libc.", "libc-", "ld-linux", "libpthread", "libFoundation", "lib_Foundation",
                      "libTesting", "libXCTest", "libstdc++", "libgcc", "libm.", "libBlocksRuntime"]
        return system.contains { image.hasPrefix($0) }
    }

    /// The test suites' own code: `Ex2_LoadInventoryTests.…`.
    static func isTestFrame(_ symbol: String) -> Bool {
        symbol.range(of: #"\b\w+Tests\."#, options: .regularExpression) != nil || symbol.contains("WorkbookRunner")
    }

    /// The learner declaration a frame's symbol names: the longest qualified name it contains.
    static func locate(_ symbol: String, in files: [LearnerFile]) -> (LearnerFile, Declarations.Declaration)? {
        let words = Set(Declarations.tokens(symbol))
        var best: (LearnerFile, Declarations.Declaration)?
        for file in files {
            for declaration in file.declarations.all where words.contains(declaration.name) {
                let qualified = declaration.qualifiedName != declaration.name && symbol.contains(declaration.qualifiedName)
                let current = best.map { $0.1.qualifiedName.count } ?? 0
                if qualified ? declaration.qualifiedName.count > current : best == nil { best = (file, declaration) }
            }
        }
        return best
    }
}
