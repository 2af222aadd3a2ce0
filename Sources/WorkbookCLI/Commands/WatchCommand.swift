import Foundation
import WorkbookClassroom
import WorkbookGrading
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// `workbook watch [N]`: re-checks the exercise whose file changed.
enum WatchCommand: Command {
    struct Options: ParsableOptions {
        static let poll = CommandSpec.Option.flag("poll", "look for changes by polling instead of inotify (network file systems)")
        static let timeout = GradingContext.timeoutOption("seconds each exercise's tests may run (default 10)")

        /// The chapter to watch; nil for every chapter started.
        var chapter: String?
        var poll: Bool
        var grader: Grader.Options

        init(from given: OptionValues) throws(UsageError) {
            chapter = given.arguments.first
            grader = try GradingContext.graderOptions(given, timeout: Self.timeout, fresh: nil)
            poll = given.flag(Self.poll)
        }
    }

    static let spec = CommandSpec(
        name: "watch", summary: "re-check exercises as you save them",
        arguments: "[N]", argumentCount: 0...1,
        options: [Options.poll, Options.timeout],
        discussion: """
        Checks chapter N (or every chapter you have started), then waits. When you save an
        exercise's file it re-checks that exercise (changes are gathered for \(Int(quietPeriod * 1000)) ms) and
        redraws. Quit with q or Ctrl-C. Exit status: 0 on quit, 2 for an unknown chapter.
        """)

    /// An editor's save (writes and a rename) lands within a few milliseconds; 60 ms
    /// still makes it one check, and keeps save-to-redraw under half a second. Help and
    /// the README state this figure.
    static let quietPeriod = 0.06

    static func run(_ given: Options, in context: CommandContext) throws -> ExitCode {
        let console = context.console
        let options = given.grader
        let workbook = try context.workbook()
        let chapters: [Chapter]
        if let number = given.chapter {
            let chapter = try workbook.chapter(number)
            _ = try WorkspaceFiles(workbook: workbook).start(chapter)
            chapters = [chapter]
        } else {
            chapters = workbook.chapters.filter { (chapter: Chapter) -> Bool in
                let folder = workbook.exercisesFolder.appendingPathComponent(chapter.stem)
                return !chapter.exercises.isEmpty && FileManager.default.fileExists(atPath: folder.path)
            }
        }
        guard !chapters.isEmpty else {
            console.printError("Nothing to watch: start a chapter first (`workbook start 1`).")
            return .failure
        }
        let folders = chapters.map { workbook.exercisesFolder.appendingPathComponent($0.stem).path }
        let watcher: any FileWatcher
        if !given.poll, let inotify = NativeWatcher.make(folders: folders) {
            watcher = inotify
        } else {
            watcher = PollingWatcher(folders: folders)
        }
        let toolchain = try context.toolchain(for: workbook)
        let quit = QuitKeys(enabled: console.interactive)
        let locate = CheckLocate(workbook: workbook, toolchain: toolchain, environment: context.environment, console: console)
        defer { quit.restore() }

        func check(_ chapter: Chapter, only: ExerciseID?) {
            var grader = Grader(workbook: workbook, toolchain: toolchain, options: options)
            // The report's first line goes out at once, before the build: a save is seen to
            // be taken within the quiet period (the figure `make bench-first` measures).
            if console.interactive { console.write("\u{1B}[2J\u{1B}[H") }
            console.print(CheckReport.title(chapter.number, chapter.title, console: console))
            let line = ProgressLine(console: console, enabled: console.interactive)
            grader.events = { line.update($0.progressText) }
            do {
                // As `check`: a possible dependency is named only when its reference in place changes the outcome.
                let grade = try ReferenceStandIns.noteEstablished(in: try grader.grade(chapter, only: only), workbook: workbook,
                                                                  chapter: chapter, toolchain: toolchain, options: grader.options)
                line.finish()
                let context = GradingContext(workbook: workbook, chapter: chapter)
                let recorded = try context.record(grade)
                var report = CheckReport(console: console)
                report.titlePrinted = true
                report.screenRows = console.height
                if let locate { report.locate = { locate.lines($0, in: chapter, among: grade) } }
                report.print(grade, chapter: chapter, statuses: context.statuses(after: grade, recorded: recorded))
            } catch {
                line.finish()
                console.printError("error: \(error)")
            }
            console.print(console.styled("Watching \(folders.map { workbook.displayPath(URL(fileURLWithPath: $0)) }.joined(separator: ", ")) — q or Ctrl-C quits.", .dim))
        }

        for chapter in chapters { check(chapter, only: nil) }
        let debouncer = Debouncer(quietPeriod: quietPeriod)
        while !quit.requested {
            let changed = debouncer.next(from: watcher, timeout: 0.2)
            for chapter in chapters {
                let touched = chapter.exercises.filter { exercise in
                    guard let file = workbook.learnerFile(for: exercise, in: chapter)?.path else { return false }
                    return changed.contains(file)
                }
                if touched.count == 1 { check(chapter, only: touched[0].id) }
                if touched.count > 1 { check(chapter, only: nil) }
            }
        }
        return .success
    }
}

/// `q` on the keyboard (read without waiting for Enter) or Ctrl-C ends the watch.
final class QuitKeys: @unchecked Sendable {
    private let lock = NSLock()
    private var quit = false
    private var saved = termios()
    private let rawMode: Bool
    private var keyboard: DispatchSourceRead?
    /// Set by the SIGINT handler, which may only touch a plain global.
    nonisolated(unsafe) private static var interrupted: sig_atomic_t = 0

    init(enabled: Bool) {
        QuitKeys.interrupted = 0
        signal(SIGINT) { _ in QuitKeys.interrupted = 1 }
        rawMode = enabled && tcgetattr(STDIN_FILENO, &saved) == 0
        guard rawMode else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        let keyboard = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .global())
        keyboard.setEventHandler { [weak self] in
            var byte: UInt8 = 0
            if read(STDIN_FILENO, &byte, 1) <= 0 || byte == UInt8(ascii: "q") || byte == 3 { self?.request() }
        }
        keyboard.resume()
        self.keyboard = keyboard
    }

    var requested: Bool {
        lock.lock()
        defer { lock.unlock() }
        return quit || QuitKeys.interrupted != 0
    }

    private func request() {
        lock.lock()
        quit = true
        lock.unlock()
    }

    func restore() {
        keyboard?.cancel()
        signal(SIGINT, SIG_DFL)
        if rawMode { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
    }
}
