import Foundation
import WorkbookToolchain

/// What a learner is shown of a build that failed with nobody's file to blame: the
/// diagnostics located in the learner's own files, never the workbook's. A learner file
/// declaring `public struct Int` broke exercise 1.8's reference standing in, and the
/// report quoted that reference's code (issue 56, measured).
enum LearnerDiagnostics {
    /// `diagnostics` as shown for `plan`: everything for a plan without learner files
    /// (`verify`, `mutate`: the author's own), else only what is in the learner's files.
    static func shown(_ diagnostics: CompilerDiagnostics, plan: GradingPlan) -> String {
        let learnerFiles = Set(plan.entries.map(\.current.submission).filter { $0.origin == .learner }.map { standardized($0.file.path) })
        guard !learnerFiles.isEmpty else { return diagnostics.allText }
        let own = diagnostics.entries.filter { learnerFiles.contains(standardized($0.path)) }
        let others = diagnostics.entries.filter { $0.severity == "error" && !learnerFiles.contains(standardized($0.path)) }.count
        var text = own.map(\.text).joined(separator: "\n")
        if others > 0 {
            if !text.isEmpty { text += "\n" }
            text += "\(others) error\(others == 1 ? "" : "s") in the workbook's own files, compiled with yours (not shown: only "
                + "your files' messages are). They are expected to compile beside any answer that declares only what its "
                + "exercise asks for: look for a declaration of yours named like one of Swift's or the workbook's"
        }
        return text
    }

    private static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
