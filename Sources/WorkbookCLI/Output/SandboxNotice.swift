import Foundation
import WorkbookModel
import WorkbookSystem

/// Says once, plainly, when learner code ran without the sandbox or without a part of it
/// (never silently), and
/// when the workbook's own files were changed since its last commit.
enum SandboxNotice {
    /// A line in a text report; on standard error for machine formats, which have no place for it.
    /// `integrity`: the workbook's own files' notice, when one was asked for (`WorkbookIntegrity`).
    static func print(on console: Console, inReport: Bool, integrity: Promised<String?>? = nil) {
        if let notice = integrity?.value {
            if inReport { console.print(console.styled(notice, .yellow)) } else { console.printError(notice) }
        }
        guard !Sandbox.status.isOn || !Sandbox.status.unavailable.isEmpty else { return }
        if inReport {
            console.print(console.styled(Sandbox.status.summary, .yellow))
        } else {
            console.printError("note: " + Sandbox.status.summary)
        }
    }
}
