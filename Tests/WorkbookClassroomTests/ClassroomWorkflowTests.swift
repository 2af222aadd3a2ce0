import Foundation
import Testing
@testable import WorkbookClassroom
import WorkbookModel

/// Issue 31: the GitHub Classroom workflow's shape — the official Swift image of the tested
/// toolchain, the tool built in debug once and cached, one grader step per exercise with
/// its points, the reporter over all of them. (scripts/classroom-e2e.py runs it; actionlint
/// checks it in `make classroom-check`.)
@Suite("The GitHub Classroom workflow's shape")
struct ClassroomWorkflowTests {
    static let steps = [
        ClassroomWorkflow.Step(id: ExerciseID("1.1")!, title: "Add", points: 1, timeoutMinutes: 10),
        ClassroomWorkflow.Step(id: ExerciseID("1.2")!, title: "The \"quoted\" one", points: 3, timeoutMinutes: 10),
        ClassroomWorkflow.Step(id: ExerciseID("3.10")!, title: "Debounce", points: 2, timeoutMinutes: 4),
    ]
    static let yaml = ClassroomWorkflow.yaml(steps)
    static let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    /// The job's steps, each as its lines (a step starts at `      - `).
    static var stepBlocks: [[String]] {
        var blocks: [[String]] = []
        var inSteps = false
        for line in lines {
            if line == "    steps:" { inSteps = true; continue }
            guard inSteps else { continue }
            if line.hasPrefix("      - ") { blocks.append([line]) } else if line.hasPrefix("        "), !blocks.isEmpty { blocks[blocks.count - 1].append(line) }
        }
        return blocks
    }

    static func block(named name: String) -> [String]? {
        stepBlocks.first { $0[0].contains(name) }
    }

    @Test("the job runs in the official Swift image of the tested toolchain, privileged for bubblewrap, without setup-swift")
    func container() {
        #expect(ClassroomWorkflow.image == "swift:\(ClassroomWorkflow.swiftVersion)-bookworm")
        #expect(Self.lines.contains("    container:"))
        #expect(Self.lines.contains("      image: swift:\(ClassroomWorkflow.swiftVersion)-bookworm"))
        #expect(Self.lines.contains("      options: --privileged"))
        #expect(!Self.yaml.contains("setup-swift") && !Self.yaml.contains("sudo "), "the container runs as root; no setup action")
        let install = Self.block(named: "Install cmark and bubblewrap")?.joined(separator: "\n") ?? ""
        #expect(install.contains("apt-get install -y -qq libcmark-dev bubblewrap"), "\(install)")
        #expect(install.contains("dpkg -s libcmark-dev bubblewrap"), "installs only what the image lacks")
    }

    @Test("the tool is built once in debug, restored from and saved to the cache before any exercise is graded")
    func buildAndCache() throws {
        let names = Self.stepBlocks.map { $0[0] }
        let restore = try #require(names.firstIndex { $0.contains("Restore the workbook's build") })
        let build = try #require(names.firstIndex { $0.contains("Build the workbook (debug)") })
        let save = try #require(names.firstIndex { $0.contains("Save the workbook's build") })
        let firstGrader = try #require(Self.stepBlocks.firstIndex { $0.contains("        uses: classroom-resources/autograding-command-grader@v1") })
        #expect(restore < build && build < save && save < firstGrader, "restore, build, save, then grade: \(names)")
        let restoreBlock = Self.stepBlocks[restore].joined(separator: "\n")
        #expect(restoreBlock.contains("uses: actions/cache/restore@v5") && restoreBlock.contains("path: .build"))
        #expect(restoreBlock.contains("key: workbook-swift-\(ClassroomWorkflow.swiftVersion)-bookworm-${{ hashFiles('Package.swift', 'Sources/**') }}"),
                "the key names the toolchain and the tool's sources, not the learner's exercises/: \(restoreBlock)")
        let saveBlock = Self.stepBlocks[save].joined(separator: "\n")
        #expect(saveBlock.contains("if: steps.restore-build.outputs.cache-hit != 'true'"))
        #expect(saveBlock.contains("key: ${{ steps.restore-build.outputs.cache-primary-key }}"))
        let buildBlock = Self.stepBlocks[build].joined(separator: "\n")
        #expect(buildBlock.contains("id: \(ClassroomWorkflow.buildStepID)"))
        #expect(buildBlock.contains("swift build --product workbook\n") && !buildBlock.contains("-c release"), "debug: \(buildBlock)")
        #expect(buildBlock.contains("swift build --show-bin-path >> \"$GITHUB_PATH\""), "puts `workbook` on the PATH of the steps after it")
        #expect(Self.yaml.components(separatedBy: "swift build --product").count == 2, "built once per push")
    }

    @Test("one grader step per exercise, with its points and time-out, in order; the reporter reads each")
    func graders() throws {
        let graders = Self.stepBlocks.filter { $0.contains("        uses: classroom-resources/autograding-command-grader@v1") }
        #expect(graders.count == Self.steps.count)
        for (block, step) in zip(graders, Self.steps) {
            let id = "exercise-\(step.id.chapter)-\(step.id.number)"
            #expect(block.contains("        id: \(id)"), "\(block)")
            #expect(block.contains("          command: \"workbook check \(step.id)\""), "\(block)")
            #expect(block.contains("          max-score: \(step.points)"), "\(block)")
            #expect(block.contains("          timeout: \(step.timeoutMinutes)"), "\(block)")
        }
        #expect(graders[1].contains(#"          test-name: "Exercise 1.2: The \"quoted\" one""#), "a title's quotes are escaped")
        let reporter = try #require(Self.block(named: "Autograding Reporter")).joined(separator: "\n")
        #expect(Self.stepBlocks.last?[0].contains("Autograding Reporter") == true, "the reporter comes last")
        #expect(reporter.contains("uses: classroom-resources/autograding-grading-reporter@v1"))
        #expect(reporter.contains("runners: exercise-1-1,exercise-1-2,exercise-3-10"))
        #expect(reporter.contains(#"EXERCISE-3-10_RESULTS: "${{ steps.exercise-3-10.outputs.result }}""#))
    }

    @Test("the workflow says the action gives no partial credit, and what its grade is worth")
    func saysWhatTheGradeIsWorth() {
        let comments = Self.lines.filter { $0.hasPrefix("#") }.joined(separator: " ")
        #expect(comments.contains("all its points or none"))
        #expect(comments.contains("the grade of record is the teacher's `workbook grade`"))
    }

    @Test("the README names the Swift the workflow pins")
    func readmeAgrees() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("Swift \(ClassroomWorkflow.swiftVersion)"), "README's tested toolchain")
        #expect(readme.contains("`\(ClassroomWorkflow.image)`"), "README's teacher section names the workflow's image")
        let testedElsewhere = readme.ranges(of: /Swift (\d+\.\d+\.\d+)/).map { String(readme[$0]) }
        #expect(Set(testedElsewhere) == ["Swift \(ClassroomWorkflow.swiftVersion)"], "one version throughout: \(testedElsewhere)")
    }
}
