import Foundation
import Testing
@testable import WorkbookClassroom
import WorkbookModel

/// Issues 31 and 55: the GitHub Classroom workflow's shape — the official Swift image of the
/// tested toolchain, the tool's binary built in debug once per repository and cached, one
/// step per exercise writing its own result with its points, the reporter over all of them. (scripts/classroom-e2e.py runs it; actionlint
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

    @Test("the tool's binary is restored by a key of the tool's sources, built only on a miss, and put on the PATH before any exercise")
    func buildAndCache() throws {
        let names = Self.stepBlocks.map { $0[0] }
        let restore = try #require(names.firstIndex { $0.contains("Restore the workbook tool") })
        let build = try #require(names.firstIndex { $0.contains("Build the workbook tool (debug)") })
        let save = try #require(names.firstIndex { $0.contains("Save the workbook tool") })
        let path = try #require(names.firstIndex { $0.contains("Put the workbook tool on the PATH") })
        let firstExercise = try #require(Self.stepBlocks.firstIndex { $0.contains("        id: exercise-1-1") })
        #expect(restore < build && build < save && save < path && path < firstExercise, "restore, build, save, PATH, then grade: \(names)")
        let restoreBlock = Self.stepBlocks[restore].joined(separator: "\n")
        #expect(restoreBlock.contains("uses: actions/cache/restore@v5") && restoreBlock.contains("path: .build/classroom-tool"))
        #expect(!Self.yaml.contains("path: .build\n"), "the binary, never .build")
        #expect(restoreBlock.contains("key: workbook-tool-swift-\(ClassroomWorkflow.swiftVersion)-bookworm-${{ hashFiles('Package.swift', "
                                      + "'Sources/Workbook*/**', 'Sources/CCmark/**', 'Sources/workbook/**') }}"),
                "the key names the toolchain and the tool's sources, not the exercises: \(restoreBlock)")
        let buildBlock = Self.stepBlocks[build].joined(separator: "\n")
        #expect(buildBlock.contains("id: \(ClassroomWorkflow.buildStepID)"))
        #expect(buildBlock.contains("if: steps.restore-tool.outputs.cache-hit != 'true'"), "a restored tool is not built again")
        #expect(buildBlock.contains("swift build --product workbook\n") && !buildBlock.contains("-c release"), "debug: \(buildBlock)")
        #expect(buildBlock.contains("cp \"$(swift build --show-bin-path)/workbook\" .build/classroom-tool/workbook"))
        let saveBlock = Self.stepBlocks[save].joined(separator: "\n")
        #expect(saveBlock.contains("if: steps.restore-tool.outputs.cache-hit != 'true'"))
        #expect(saveBlock.contains("key: ${{ steps.restore-tool.outputs.cache-primary-key }}"))
        #expect(Self.stepBlocks[path].joined().contains(#"echo "$PWD/.build/classroom-tool" >> "$GITHUB_PATH""#))
        #expect(Self.yaml.components(separatedBy: "swift build --product").count == 2, "built in one place")
    }

    @Test("the compiled chapter modules are restored by the exercises' sources, with an older entry as a fallback, and saved whatever the verdict")
    func moduleCache() throws {
        let restore = try #require(Self.block(named: "Restore the compiled chapter modules")).joined(separator: "\n")
        #expect(restore.contains("path: .workbook/cache"))
        #expect(restore.contains("hashFiles('exercises/**', 'chapters/**', 'Sources/**', 'Tests/**')"), "\(restore)")
        #expect(restore.contains("restore-keys: workbook-modules-swift-\(ClassroomWorkflow.swiftVersion)-bookworm-${{ hashFiles('Package.swift'"))
        let save = try #require(Self.stepBlocks.last).joined(separator: "\n")
        #expect(save.contains("Save the compiled chapter modules") && save.contains("if: always() && steps.restore-modules.outputs.cache-hit != 'true'"),
                "saved last, even when the reporter fails the job: \(save)")
    }

    @Test("one step per exercise writes its own result with its points and time-out, in order; the reporter reads each")
    func graders() throws {
        #expect(!Self.yaml.contains("autograding-command-grader"), "all-or-nothing grader gone")
        let exercises = Self.stepBlocks.filter { $0.contains { $0.hasPrefix("        id: exercise-") } }
        #expect(exercises.count == Self.steps.count)
        for (block, step) in zip(exercises, Self.steps) {
            let id = "exercise-\(step.id.chapter)-\(step.id.number)"
            #expect(block.contains("        id: \(id)"), "\(block)")
            #expect(block.contains("        run: workbook check \(step.id) --format classroom --points \(step.points) >> \"$GITHUB_OUTPUT\""), "\(block)")
            #expect(block.contains("        timeout-minutes: \(step.timeoutMinutes)"), "\(block)")
        }
        #expect(exercises[1][0] == #"      - name: "Exercise 1.2: The \"quoted\" one""#, "a title's quotes are escaped")
        let reporter = try #require(Self.block(named: "Autograding Reporter")).joined(separator: "\n")
        #expect(Self.stepBlocks.dropLast().last?[0].contains("Autograding Reporter") == true, "the reporter comes after every exercise")
        #expect(reporter.contains("uses: classroom-resources/autograding-grading-reporter@v1"))
        #expect(reporter.contains("runners: exercise-1-1,exercise-1-2,exercise-3-10"))
        #expect(reporter.contains(#"EXERCISE-3-10_RESULTS: "${{ steps.exercise-3-10.outputs.result }}""#))
    }

    @Test("the workflow says its points are grade's for the visible tests, and what its grade is worth")
    func saysWhatTheGradeIsWorth() {
        let comments = Self.lines.filter { $0.hasPrefix("#") }.joined(separator: " ")
        #expect(comments.contains("the points `workbook grade` # gives for the visible tests"))
        #expect(comments.contains("the grade of # record is the teacher's `workbook grade`"))
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
