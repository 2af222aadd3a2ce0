import WorkbookModel

/// The release's `README.md`, for students: what the repository is, the set-up, the
/// learner's loop, and how to hand work in. The chapters are listed with their exercises'
/// count, from the released workbook.
enum StudentReadme {
    static func text(chapters: [Chapter], swiftVersion: String) -> String {
        let list = chapters.map { chapter in
            let count = chapter.exercises.count
            return "* [Chapter \(chapter.number): \(chapter.title)](\(chapter.path)) — \(count) exercise\(count == 1 ? "" : "s")"
        }.joined(separator: "\n")
        let first = chapters.first
        let firstNumber = first.map { "\($0.number)" } ?? "1"
        let firstExercise = first?.exercises.first.map(\.id.description) ?? "\(firstNumber).1"
        let firstFile = first.flatMap { chapter in chapter.exercises.first?.fileName.map { WorkbookLayout.learnerFile(stem: chapter.stem, fileName: $0) } }
            ?? WorkbookLayout.workspace + "/…"
        return """
        # Closures Workbook

        A workbook on Swift closures, queues and completion handlers: you read a chapter, run
        its examples, and write the exercises in `exercises/`, where their starters already
        are. `workbook check` tells you what works and what does not, in your file's terms.

        This is your course's copy. It holds no answers: your teacher has them.

        \(list)

        ## Set-up

        You need Swift \(swiftVersion) (the toolchain from swift.org, on Linux or macOS) and
        cmark's library (`libcmark-dev` on Debian and Ubuntu, `cmark` with Homebrew). Then:

        ```sh
        make setup      # builds the tool, installs `workbook` on your PATH, prebuilds, starts chapter \(firstNumber)
        ```

        It installs `libcmark-dev` and `bubblewrap` (the sandbox your code runs in) with
        `apt-get` when they are missing and it may (as root, or with `sudo`), and otherwise
        prints the command to run. Its last line is the command to type next. Without
        installing anything on your PATH: `swift build`, then `.build/debug/workbook` instead of
        `workbook` below.

        ## The loop

        ```sh
        $EDITOR chapters/\(first?.stem ?? "01-…").md       # read the chapter
        $EDITOR \(firstFile)   # write exercise \(firstExercise) in its starter
        workbook check \(firstExercise)      # what passes, what does not, and where
        workbook watch \(firstNumber)        # or: check again on every save (q quits)
        workbook hint \(firstExercise)       # the next hint, when you are stuck
        workbook progress        # every chapter, and the hints you used
        workbook reset \(firstExercise)      # back to the starter (your file is kept under .workbook/backups/)
        workbook run \(firstNumber)          # the chapter's examples, with their output
        workbook run scratch.swift   # a playground: your own file, with your exercises' code importable
        ```

        `workbook check \(firstNumber)` checks the whole chapter. When an exercise's tests use an earlier
        exercise of yours ("uses your 4.2" in the chapter), it waits for that one: "4.3
        needs 4.2 first". `workbook solution` is not in this copy: the model answers are your
        teacher's.

        ## Handing in

        Your work is the files in `exercises/`, and git tracks them:

        ```sh
        git add -A && git commit -m "Chapter \(firstNumber)" && git push
        ```

        Every push is checked by the repository's GitHub Classroom workflow
        (`.github/workflows/classroom.yml`): one step per exercise, each running
        `workbook check N.M`, so the points you see on GitHub are the ones `workbook check`
        shows you here. Your teacher's grade is given from the repositories collected at the
        deadline, with tests of their own besides the ones here (an answer that does what the
        exercise asks passes them; one fitted to these tests may not).

        """
    }
}
