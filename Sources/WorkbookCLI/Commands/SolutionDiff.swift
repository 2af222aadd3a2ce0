import WorkbookKit
import WorkbookModel

/// The model answer set beside the learner's file, region by region: what the learner
/// wrote where the reference has its solution, the diff to the model answer, and the
/// reasons the model answer's comments give.
struct SolutionDiff {
    struct Region {
        /// The learner's lines where this region's solution goes (nil: could not be found).
        var learner: [String]?
        /// The model answer's lines, comments included.
        var model: [String]
        /// The model answer's `//` comments, in order: why it is written this way.
        var reasons: [String]
    }

    var regions: [Region] = []

    init(reference: String, path: String, learner: String?) throws {
        let referenceLines = reference.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // A learner who copied the reference keeps its markers: compare what it runs.
        let learner = learner.map { text in
            text.contains("BEGIN SOLUTION") ? (try? SolutionMarkers.solution(from: text, path: path)) ?? text : text
        }
        let learnerLines = learner?.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var searchFrom = 0
        for region in try SolutionMarkers.regions(in: reference, path: path) {
            let modelEnd = (region.starterLine ?? region.endLine) - 1
            let model = Array(referenceLines[region.beginLine..<max(region.beginLine, modelEnd)])
            // Consecutive comment lines make one reason.
            var reasons: [String] = []
            var inComment = false
            for line in model.map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard line.hasPrefix("//") else { inComment = false; continue }
                let text = String(line.drop { $0 == "/" }).trimmingCharacters(in: .whitespaces)
                if inComment, let last = reasons.popLast() { reasons.append(last + " " + text) } else { reasons.append(text) }
                inComment = true
            }
            var found: [String]?
            // The region sits between the same lines in the learner's file as in the
            // reference: the one before the BEGIN marker and the one after the END marker.
            if let learnerLines, region.beginLine >= 2, region.endLine < referenceLines.count {
                let before = referenceLines[region.beginLine - 2]
                let after = referenceLines[region.endLine]
                if let start = learnerLines[min(searchFrom, learnerLines.count)...].firstIndex(of: before),
                   let end = learnerLines[(start + 1)...].firstIndex(of: after) {
                    found = Array(learnerLines[(start + 1)..<end])
                    searchFrom = end
                }
            }
            regions.append(Region(learner: found, model: model, reasons: reasons))
        }
    }

    /// A unified diff per region, from the learner's lines to the model answer's.
    func diffs(learnerName: String) -> [String] {
        regions.compactMap { region in
            guard let learner = region.learner else { return nil }
            return LineDiff.unified(
                from: learner.joined(separator: "\n"), to: region.model.joined(separator: "\n"),
                oldName: "yours (\(learnerName))", newName: "the model answer")
        }
    }
}
