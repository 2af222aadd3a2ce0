import Foundation
import WorkbookModel

/// `.github/workflows/grading.yml` for the teacher's own grading repository (the workbook
/// with its references and hidden tests, and the collected submissions in a folder): the
/// class graded as a GitHub Actions matrix, the distributed engine Classroom itself runs
/// on. Each of N jobs runs `workbook grade --shard I/N` on its share of the students and
/// uploads its `shard.json`; a last job downloads them all and runs `workbook grade
/// --merge`, which checks they make one class and writes the gradebook one unsharded
/// `grade` writes, uploaded as an artifact. `workbook classroom --grading N` writes it.
///
/// The jobs use what the Classroom workflow uses (`ClassroomWorkflow`): the official
/// Swift image, cmark and bubblewrap, the tool's binary cached by its sources. Each
/// shard's grading cache (`.workbook/cache`) is kept per shard between runs: a student's
/// shard depends on their name alone (`GradingShard`), so a re-run grades again only the
/// students whose files changed.
public enum GradingWorkflow {
    /// Where it goes in the teacher's repository.
    public static let defaultPath = ".github/workflows/grading.yml"
    /// The artifact the merge job uploads.
    static let gradebookArtifact = WorkbookLayout.gradebook

    public static func yaml(shards: Int) -> String {
        let image = ClassroomWorkflow.image
        let imageKey = image.replacingOccurrences(of: ":", with: "-")
        let packages = ClassroomWorkflow.packages.joined(separator: " ")
        let tool = ClassroomWorkflow.toolFolder
        let toolKey = "workbook-tool-\(imageKey)-${{ \(ClassroomWorkflow.toolSources) }}"
        // Every job: the image, its packages, and the tool restored (or built and saved).
        let setup = [
            "      - name: Checkout the workbook and the submissions",
            "        uses: actions/checkout@v5",
            "      - name: Install cmark and bubblewrap",
            "        run: |",
            "          if ! dpkg -s \(packages) >/dev/null 2>&1; then",
            "            apt-get update -qq",
            "            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \(packages) >/dev/null",
            "          fi",
            "      - name: Restore the workbook tool",
            "        id: restore-tool",
            "        uses: actions/cache/restore@v5",
            "        with:",
            "          path: \(tool)",
            "          key: \(toolKey)",
            "      - name: Build the workbook tool (debug)",
            "        if: steps.restore-tool.outputs.cache-hit != 'true'",
            "        run: |",
            "          swift build --product workbook",
            "          mkdir -p \(tool)",
            "          cp \"$(swift build --show-bin-path)/workbook\" \(tool)/workbook",
            "      - name: Save the workbook tool",
            "        if: steps.restore-tool.outputs.cache-hit != 'true'",
            "        uses: actions/cache/save@v5",
            "        with:",
            "          path: \(tool)",
            "          key: ${{ steps.restore-tool.outputs.cache-primary-key }}",
            "      - name: Put the workbook tool on the PATH",
            "        run: echo \"$PWD/\(tool)\" >> \"$GITHUB_PATH\"",
        ]
        let container = [
            "    runs-on: ubuntu-latest",
            "    # Privileged: learner code runs in bubblewrap, whose namespaces Docker's default",
            "    # profiles refuse; where a sandbox cannot be made, the grading says \"sandbox: off\".",
            "    container:",
            "      image: \(image)",
            "      options: --privileged",
        ]
        let lines = [
            "# Written by `workbook classroom --grading \(shards)`: the class graded as a matrix of",
            "# \(shards) jobs, each `workbook grade --shard I/\(shards)` (a student's shard is a hash of their",
            "# folder's name), then one job that checks the shards make one class and merges them",
            "# (`workbook grade --merge`) into the gradebook one `workbook grade` writes: gradebook.csv",
            "# and .html, exercises.csv, similarity.csv, each student's feedback, JSON and JUnit, and",
            "# with a roster canvas.csv and moodle.csv. It is uploaded as the `\(gradebookArtifact)` artifact.",
            "#",
            "# Commit it in the grading repository: this workbook, with its references and hidden",
            "# tests, and the collected submissions in a folder (SUBMISSIONS, default submissions/,",
            "# one folder, repository or .zip per student). gradebook/overrides.csv, committed, is",
            "# applied by the merge. Run it from the Actions tab (Run workflow).",
            "name: Grade the class",
            "\"on\":",
            "  workflow_dispatch:",
            "    inputs:",
            "      submissions:",
            "        description: The folder of the class's submissions",
            "        type: string",
            "        default: submissions",
            "      chapter:",
            "        description: Grade only this chapter (empty for all)",
            "        type: string",
            "        default: \"\"",
            "      deadline:",
            "        description: Grade each git repository at its last commit before this date (2026-12-01T23:59:00Z; empty for none)",
            "        type: string",
            "        default: \"\"",
            "      roster:",
            "        description: A roster CSV for canvas.csv and moodle.csv (empty for none)",
            "        type: string",
            "        default: \"\"",
            "permissions:",
            "  contents: read",
            "jobs:",
            "  # The tool, built once for all the shards when its cache has none (each shard job",
            "  # would otherwise build it at once, N times over).",
            "  tool:",
            "    name: Build the workbook tool",
        ] + container + [
            "    steps:",
        ] + setup + [
            "  shard:",
            "    needs: tool",
            "    name: Grade shard ${{ matrix.shard }} of \(shards)",
        ] + container + [
            "    strategy:",
            "      # Every shard runs to its end: the merge names any that is missing.",
            "      fail-fast: false",
            "      matrix:",
            "        shard: [\((1...shards).map(String.init).joined(separator: ", "))]",
            "    steps:",
        ] + setup + [
            "      # The shard's grading cache from its last run: unchanged students are not graded again.",
            "      - name: Restore this shard's grading cache",
            "        id: restore-grading",
            "        uses: actions/cache/restore@v5",
            "        with:",
            "          path: .workbook/cache",
            "          key: workbook-grading-\(imageKey)-${{ \(ClassroomWorkflow.toolSources) }}-shard-${{ matrix.shard }}-of-\(shards)-${{ github.run_id }}",
            "          restore-keys: workbook-grading-\(imageKey)-${{ \(ClassroomWorkflow.toolSources) }}-shard-${{ matrix.shard }}-of-\(shards)-",
            "      - name: Grade shard ${{ matrix.shard }} of \(shards)",
            "        env:",
            "          SUBMISSIONS: ${{ inputs.submissions }}",
            "          CHAPTER: ${{ inputs.chapter }}",
            "          DEADLINE: ${{ inputs.deadline }}",
            "          SHARD: ${{ matrix.shard }}/\(shards)",
            "        # Exit status 1 with shard.json written: a submission that could not be read is",
            "        # its own row of the gradebook, not a failed grading.",
            "        run: |",
            "          set -- \"$SUBMISSIONS\" --shard \"$SHARD\" --out shard",
            "          if [ -n \"$CHAPTER\" ]; then set -- \"$@\" --chapter \"$CHAPTER\"; fi",
            "          if [ -n \"$DEADLINE\" ]; then set -- \"$@\" --deadline \"$DEADLINE\"; fi",
            "          workbook grade \"$@\" || test -f shard/shard.json",
            "      - name: Upload shard ${{ matrix.shard }}",
            "        uses: actions/upload-artifact@v6",
            "        with:",
            "          name: shard-${{ matrix.shard }}-of-\(shards)",
            "          path: shard/shard.json",
            "          if-no-files-found: error",
            "      - name: Save this shard's grading cache",
            "        if: always()",
            "        uses: actions/cache/save@v5",
            "        with:",
            "          path: .workbook/cache",
            "          key: ${{ steps.restore-grading.outputs.cache-primary-key }}",
            "  merge:",
            "    name: Merge the shards into the gradebook",
            "    needs: shard",
        ] + container + [
            "    steps:",
        ] + setup + [
            "      - name: Download the shards",
            "        uses: actions/download-artifact@v7",
            "        with:",
            "          pattern: shard-*-of-\(shards)",
            "          path: shards",
            "      - name: Merge the shards",
            "        env:",
            "          ROSTER: ${{ inputs.roster }}",
            "        # Exit status 1 with gradebook.csv written: a student's row says what could not be",
            "        # read. Shards that do not make one class write nothing, and fail here.",
            "        run: |",
            "          rm -f gradebook/gradebook.csv",
            "          set -- shards --merge --out gradebook",
            "          if [ -n \"$ROSTER\" ]; then set -- \"$@\" --roster \"$ROSTER\"; fi",
            "          workbook grade \"$@\" || test -f gradebook/gradebook.csv",
            "      - name: Upload the gradebook",
            "        uses: actions/upload-artifact@v6",
            "        with:",
            "          name: \(gradebookArtifact)",
            "          path: gradebook",
            "          if-no-files-found: error",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
