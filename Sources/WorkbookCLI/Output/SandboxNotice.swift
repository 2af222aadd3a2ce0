import WorkbookKit

/// Says once, plainly, when learner code ran without the sandbox (never silently).
enum SandboxNotice {
    /// A line in a text report; on standard error for machine formats, which have no place for it.
    static func print(on console: Console, inReport: Bool) {
        guard !Sandbox.status.isOn else { return }
        if inReport {
            console.print(console.styled(Sandbox.status.summary, .yellow))
        } else {
            console.printError("note: " + Sandbox.status.summary)
        }
    }
}
