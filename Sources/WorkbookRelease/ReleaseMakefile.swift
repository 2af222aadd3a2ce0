import Foundation
import WorkbookModel

/// The release's `Makefile`: the teacher's, with only the targets a student uses (set-up,
/// build, install, lint, clean), so their recipes stay the very ones the repository tests.
/// The others (`make test`, the benches, the handouts, `classroom-check`) need the engine's
/// tests, the references or the authors' scripts, none of which a release holds.
enum ReleaseMakefile {
    /// The targets kept, with what they need.
    static let kept: Set<String> = ["all", "deps", "sandbox-deps", "build", "release", "install", "install-note",
                                    "prebuild", "setup", "uninstall", "clean", "lint"]

    static let header = """
    # Closures Workbook, a student release — build and install the `workbook` tool.
    #
    #   make setup      the whole set-up: build, install `workbook` on the PATH, prebuild
    #                   every chapter's first check, start chapter 1
    #   make            build, then list the chapters and your progress
    #   make lint       check the chapters against the format
    #   make install    install `workbook` (stripped), its man page and shell completions
    #                   into $(PREFIX): /usr/local as root, ~/.local otherwise
    #   make uninstall  remove what `make install` installed; make clean: the build
    #
    """

    /// The teacher's Makefile cut to `kept`: blocks (paragraphs) that define a rule are
    /// kept when every target they define is; blocks of variables and comments stay;
    /// the `.PHONY` line lists what is left.
    static func text(from makefile: String) -> String {
        var blocks = makefile.components(separatedBy: "\n\n")
        // The first block's comments are the teacher's list of targets.
        if let first = blocks.first {
            blocks[0] = first.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("#") }.joined(separator: "\n")
        }
        var out: [String] = []
        for block in blocks {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var targets: [String] = []
            var kept: [String] = []
            for line in lines {
                if line.hasPrefix(".PHONY:") {
                    kept.append(".PHONY: " + Self.kept.sorted().joined(separator: " "))
                    continue
                }
                if let defined = ruleTargets(line) { targets += defined }
                kept.append(line)
            }
            if targets.allSatisfy(Self.kept.contains) { out.append(kept.joined(separator: "\n")) }
        }
        // The header is a block of its own: glued to the next line, a comment swallowed the
        // first variable (`#SWIFT ?= swift`) and every release's `make setup` failed.
        return ([header] + out).joined(separator: "\n\n")
    }

    /// The targets a rule line defines (`install: deps` → `install`), nil for any other line.
    static func ruleTargets(_ line: String) -> [String]? {
        guard let first = line.first, first != "\t", first != "#", first != " ",
              let colon = line.firstIndex(of: ":") else { return nil }
        let after = line.index(after: colon)
        if after < line.endIndex, line[after] == "=" { return nil }  // `UNAME := …`
        let before = line[..<colon]
        if before.contains("=") || before.contains("$") { return nil }
        return before.split(separator: " ").map(String.init)
    }
}
