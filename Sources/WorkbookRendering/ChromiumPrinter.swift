import Foundation
import WorkbookModel
import WorkbookSystem

/// Prints a handout page to PDF with headless Chromium, when it is installed. Chromium
/// lays out `@page` and the print stylesheet exactly as a browser's print dialog does.
public struct ChromiumPrinter: Sendable {
    /// The Chromium executable.
    public let executable: String

    public init(executable: String) {
        self.executable = executable
    }

    /// What to tell someone who has no Chromium.
    package static let installAdvice = "install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM to its path; the HTML handouts were written and print from any browser"

    /// Chromium from `CHROMIUM`, or the first of its usual names on `PATH`.
    public static func locate(environment: [String: String]) throws(WorkbookError) -> ChromiumPrinter {
        let candidates: [String]
        if let explicit = environment["CHROMIUM"], !explicit.isEmpty {
            candidates = [explicit]
        } else {
            let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            candidates = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
                .flatMap { name in folders.map { "\($0)/\(name)" } }
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw .toolMissing(name: "Chromium", install: installAdvice)
        }
        return ChromiumPrinter(executable: found)
    }

    /// The arguments for one headless print: no sandbox when running as root (Chromium
    /// refuses to start otherwise), a throw-away profile so parallel runs do not clash,
    /// the headings as the PDF's outline (bookmarks), and no header or footer of
    /// Chromium's own (the page's margin boxes have the running heads and page numbers).
    public func arguments(page: URL, pdf: URL, profile: URL) -> [String] {
        var arguments = ["--headless", "--disable-gpu", "--no-first-run", "--no-pdf-header-footer", "--generate-pdf-document-outline",
                         "--user-data-dir=\(profile.path)", "--print-to-pdf=\(pdf.path)"]
        if getuid() == 0 { arguments.insert("--no-sandbox", at: 1) }
        return arguments + [page.absoluteString]
    }

    /// Prints `page` (an HTML file) to `pdf`.
    public func printPDF(page: URL, to pdf: URL, timeout: Double = 120) throws(WorkbookError) {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("workbook-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        try? FileManager.default.removeItem(at: pdf)
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(executable, .init(arguments: arguments(page: page, pdf: pdf, profile: profile), timeout: timeout))
        } catch {
            throw .toolFailed(name: "Chromium", message: error.description)
        }
        guard result.termination.isSuccess, FileManager.default.fileExists(atPath: pdf.path) else {
            let said = result.standardError.split(separator: "\n").suffix(3).joined(separator: "\n")
            throw .toolFailed(name: "Chromium", message: "\(result.termination); no PDF written\(said.isEmpty ? "" : ":\n\(said)")")
        }
    }
}
