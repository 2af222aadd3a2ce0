import Foundation
import Testing
@testable import WorkbookClassroom

/// Issue 55: the teacher's grading workflow (`workbook classroom --grading N`) — a matrix of
/// N `grade --shard I/N` jobs, each uploading its shard, and a merge job over all of them.
/// (`make test` runs actionlint on it as written.)
@Suite("The teacher's grading workflow: a matrix of shards, then a merge")
struct GradingWorkflowTests {
    static let yaml = GradingWorkflow.yaml(shards: 8)
    static let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    /// The lines of job `name` (from `  name:` to the next job).
    static func job(_ name: String) -> [String] {
        guard let start = lines.firstIndex(of: "  \(name):") else { return [] }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && $0.hasSuffix(":") && !$0.hasPrefix("  #") } ?? lines.endIndex
        return Array(lines[start..<end])
    }

    @Test("the shard job is a matrix of shards 1 to N, after the tool is built, and uploads each shard under its own name")
    func shards() {
        let shard = Self.job("shard").joined(separator: "\n")
        #expect(shard.contains("    needs: tool"))
        #expect(shard.contains("      fail-fast: false"), "one shard's failure must not cancel the others: the merge names what is missing")
        #expect(shard.contains("        shard: [1, 2, 3, 4, 5, 6, 7, 8]"), "\(shard)")
        #expect(shard.contains("          SHARD: ${{ matrix.shard }}/8"))
        #expect(shard.contains(#"set -- "$SUBMISSIONS" --shard "$SHARD" --out shard"#))
        #expect(shard.contains(#"workbook grade "$@" || test -f shard/shard.json"#))
        #expect(shard.contains("          name: shard-${{ matrix.shard }}-of-8\n          path: shard/shard.json\n          if-no-files-found: error"))
        #expect(!GradingWorkflow.yaml(shards: 3).contains("4]"), "\(GradingWorkflow.yaml(shards: 3))")
    }

    @Test("the merge job waits for every shard, downloads them all into one folder and uploads the gradebook")
    func merge() {
        let merge = Self.job("merge").joined(separator: "\n")
        #expect(merge.contains("    needs: shard"))
        #expect(merge.contains("uses: actions/download-artifact@v7\n        with:\n          pattern: shard-*-of-8\n          path: shards"), "\(merge)")
        #expect(merge.contains("set -- shards --merge --out gradebook"))
        #expect(merge.contains("rm -f gradebook/gradebook.csv"), "a refused merge must not pass on an old gradebook")
        #expect(merge.contains("          name: gradebook\n          path: gradebook"))
    }

    @Test("every job uses the Classroom workflow's image and cached tool; the run's inputs reach the shell only through env")
    func setupAndInputs() {
        for job in ["tool", "shard", "merge"] {
            let text = Self.job(job).joined(separator: "\n")
            #expect(text.contains("      image: \(ClassroomWorkflow.image)"), "\(job)")
            #expect(text.contains("key: workbook-tool-swift-\(ClassroomWorkflow.swiftVersion)-bookworm-${{ \(ClassroomWorkflow.toolSources) }}"), "\(job)")
            #expect(text.contains("if: steps.restore-tool.outputs.cache-hit != 'true'"), "\(job): built only on a miss")
        }
        // An input spliced into a script is a script injection; as an environment variable it is data.
        let runLines = Self.lines.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
        var inRun = false
        for line in runLines {
            if line.hasSuffix("run: |") { inRun = true; continue }
            if inRun, !line.hasPrefix("          ") { inRun = false }
            if inRun { #expect(!line.contains("${{"), "an expression inside a script: \(line)") }
        }
        for input in ["submissions", "chapter", "deadline", "roster"] {
            #expect(Self.yaml.contains("      \(input):\n        description:"), "input \(input)")
            #expect(Self.yaml.contains(": ${{ inputs.\(input) }}"), "input \(input) reaches the job through env")
        }
    }
}
