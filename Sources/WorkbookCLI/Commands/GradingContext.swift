import Foundation
import WorkbookClassroom
import WorkbookGrading
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// What the grading commands share: what `N` or `N.M` names, a grader with its
/// progress line, and recording grades in the learner's progress.
struct GradingContext {
    let workbook: Workbook
    let chapter: Chapter
    let exercise: Exercise?

    init(workbook: Workbook, chapter: Chapter, exercise: Exercise? = nil) {
        self.workbook = workbook
        self.chapter = chapter
        self.exercise = exercise
    }

    /// `3` names a chapter, `3.2` an exercise, and so does its file (an editor's task).
    init(_ target: String, in context: CommandContext) throws {
        workbook = try context.workbook()
        if target.hasSuffix(".swift") {
            let (chapter, exercise) = try workbook.exercise(forFile: context.resolve(target))
            self.chapter = chapter
            self.exercise = exercise
        } else if target.contains(".") {
            let (chapter, exercise) = try workbook.exercise(target)
            self.chapter = chapter
            self.exercise = exercise
        } else {
            chapter = try workbook.chapter(target)
            exercise = nil
        }
    }

    /// The `--timeout S` of every command that runs tests or snippets, with its help.
    /// Below a tenth of a second even a correct answer cannot start (the runner takes
    /// about 10 ms, a loaded machine ten times that); past an hour it is a typo.
    static func timeoutOption(_ help: String) -> CommandSpec.Option {
        .number("timeout", "S", in: 0.1...3600, of: "seconds", help)
    }

    /// Grader options from `--timeout` (`seconds` when not given) and `--fresh` (nil for
    /// a command without it).
    static func graderOptions(_ given: OptionValues, timeout: CommandSpec.Option, default seconds: Double = 10,
                              fresh: CommandSpec.Option?) throws(UsageError) -> Grader.Options {
        var options = Grader.Options()
        options.timeout = try given.number(timeout, default: seconds)
        options.useCache = !(fresh.map(given.flag) ?? false)
        return options
    }

    /// Grades, with a live "compiling … 2.4 s" line on a terminal; a failing exercise's
    /// possible dependency is noted only when a reference in its place changes the outcome
    /// (`ReferenceStandIns.noteEstablished`: one more grading of the chapter, only then).
    func grade(options: Grader.Options, console: Console, context: CommandContext, showProgress: Bool) throws -> ChapterGrade {
        let toolchain = try context.toolchain(for: workbook)
        let environment = context.environment
        var grader = Grader(workbook: workbook, toolchain: toolchain, options: options)
        let line = ProgressLine(console: console, enabled: showProgress && console.interactive,
                                timings: CommandContext.wantsTimings(environment))
        grader.events = { line.update($0.progressText) }
        defer { line.finish() }
        grader.options.revealPredictions.formUnion(predictionsToReveal())
        let grade = try grader.grade(chapter, only: exercise?.id)
        return try ReferenceStandIns.noteEstablished(in: grade, workbook: workbook, chapter: chapter, toolchain: toolchain, options: grader.options)
    }

    /// Tries after which a wrong prediction's report shows the expected line.
    static let predictionTries = 3

    /// The predict exercises whose wrong prediction, checked now, is the third different
    /// one (or later): their reports show the expected line.
    func predictionsToReveal() -> Set<ExerciseID> {
        let predictions = chapter.exercises.filter { $0.kind.judge == .prediction && (exercise == nil || $0.id == exercise?.id) }
        // progress.json is read before grading only when a prediction is graded.
        guard !predictions.isEmpty else { return [] }
        let state = ProgressStore(workbook: workbook).load()
        var reveal: Set<ExerciseID> = []
        for exercise in predictions {
            let earlier = state[exercise.id].wrongPredictions ?? []
            let now = fileHash(of: exercise)
            let tries = earlier.count + (now.map { earlier.contains($0) ? 0 : 1 } ?? 0)
            if tries >= Self.predictionTries { reveal.insert(exercise.id) }
        }
        return reveal
    }

    private func fileHash(of exercise: Exercise) -> String? {
        workbook.learnerFile(for: exercise, in: chapter)
            .flatMap { FileManager.default.contents(atPath: $0.path) }
            .map { ContentHash.of([String(decoding: $0, as: UTF8.self)]) }
    }

    /// Stores each grade, with the graded file's hash, in `.workbook/progress.json`;
    /// returns the state as recorded (for `statuses(after:recorded:)`, without reading it again).
    @discardableResult
    func record(_ grade: ChapterGrade) throws -> ProgressState {
        try ProgressStore(workbook: workbook).update { state in
            for exercise in grade.exercises {
                var entry = state[exercise.id]
                entry.status = exercise.status.listStatus.rawValue
                if let chapterExercise = chapter.exercise(exercise.id),
                   let file = workbook.learnerFile(for: chapterExercise, in: chapter) {
                    entry.gradedFileHash = FileManager.default.contents(atPath: file.path).map { ContentHash.of([String(decoding: $0, as: UTF8.self)]) }
                }
                if exercise.passed {
                    entry.everPassed = true
                    if entry.hintsBeforePassing == nil { entry.hintsBeforePassing = entry.hintsShown }
                    if let hash = entry.gradedFileHash, !(entry.passedFileHashes ?? []).contains(hash) {
                        entry.passedFileHashes = Array(((entry.passedFileHashes ?? []) + [hash]).suffix(20))
                    }
                }
                if exercise.status == .failed, chapter.exercise(exercise.id)?.kind.judge == .prediction,
                   let hash = entry.gradedFileHash, !(entry.wrongPredictions ?? []).contains(hash) {
                    entry.wrongPredictions = (entry.wrongPredictions ?? []) + [hash]
                }
                state[exercise.id] = entry
            }
        }
    }
}

extension GradingContext {
    /// Every exercise of the chapter as `list` shows it, from the state `record(grade)`
    /// returned: the graded ones as graded, the others from their last check of the same file.
    func statuses(after grade: ChapterGrade, recorded state: ProgressState) -> [ExerciseID: ExerciseStatus] {
        var statuses: [ExerciseID: ExerciseStatus] = [:]
        for exercise in chapter.exercises {
            statuses[exercise.id] = workbook.recordedStatus(of: exercise, in: chapter, state: state)
        }
        for exercise in grade.exercises { statuses[exercise.id] = exercise.status.listStatus }
        return statuses
    }
}

/// A redrawn status line with the elapsed time: compiling takes seconds. With
/// `timings` (`WORKBOOK_TIMINGS=1`), each finished phase and its duration also goes
/// to standard error, so a slow check can be taken apart.
final class ProgressLine: @unchecked Sendable {
    private let console: Console
    private let enabled: Bool
    private let timings: Bool
    private let start = Date()
    private let lock = NSLock()
    private var text = "starting"
    private var phaseStart = Date()
    private var timer: DispatchSourceTimer?

    init(console: Console, enabled: Bool, timings: Bool = false) {
        self.console = console
        self.enabled = enabled
        self.timings = timings
        guard enabled else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now(), repeating: .milliseconds(200))
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
        self.timer = timer
    }

    func update(_ text: String) {
        lock.lock()
        reportPhase()
        self.text = text
        lock.unlock()
        draw()
    }

    /// Prints the phase that just ended; called with the lock held.
    private func reportPhase() {
        guard timings else { return }
        let now = Date()
        console.printError("workbook: " + String(format: "%6.3f s", now.timeIntervalSince(phaseStart)) + "  \(text)")
        phaseStart = now
    }

    private func draw() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let seconds = String(format: "%.1f", Date().timeIntervalSince(start))
        console.write("\r\u{1B}[2K" + console.styled("\(text)… \(seconds) s", .dim))
    }

    /// Erases the line so a result can be printed; the next update draws it again.
    func clear() {
        guard enabled else { return }
        lock.lock()
        console.write("\r\u{1B}[2K")
        lock.unlock()
    }

    func finish() {
        lock.lock()
        reportPhase()
        lock.unlock()
        guard enabled else { return }
        timer?.cancel()
        lock.lock()
        console.write("\r\u{1B}[2K")
        lock.unlock()
    }
}
