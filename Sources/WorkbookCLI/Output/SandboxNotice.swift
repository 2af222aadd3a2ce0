import Foundation
import WorkbookModel
import WorkbookSystem

/// Says once, plainly, when learner code ran without the sandbox or without a part of it
/// (never silently), and
/// when the workbook's own files were changed since its last commit.
enum SandboxNotice {
    /// A line in a text report; on standard error for machine formats, which have no place for it.
    /// `sandbox`: the command's (`HostEnvironment.sandbox`). `integrity`: the workbook's own
    /// files' notice, when one was asked for (`WorkbookIntegrity`).
    /// `rootsOwn`: that learner code ran in root's own bubblewrap, not as nobody, here
    /// (`Sandbox.rootsOwnNote(for:host:)`).
    static func print(on console: Console, inReport: Bool, sandbox: Sandbox.Status, integrity: Promised<String?>? = nil, rootsOwn: String? = nil) {
        if let notice = integrity?.value {
            if inReport { console.print(console.styled(notice, .yellow)) } else { console.printError(notice) }
        }
        if let rootsOwn {
            if inReport { console.print(console.styled(rootsOwn, .yellow)) } else { console.printError("note: " + rootsOwn) }
        }
        guard !sandbox.isOn || !sandbox.unavailable.isEmpty else { return }
        if inReport {
            console.print(console.styled(sandbox.summary, .yellow))
        } else {
            console.printError("note: " + sandbox.summary)
        }
    }
}
