import Foundation
import Testing
import WorkbookGrading
import WorkbookClassroom
import WorkbookTestSupport
@testable import WorkbookCLI
@testable import WorkbookModel
import WorkbookSystem

/// Issue 56: errors the tool printed in Foundation's words ("NSCocoaErrorDomain error
/// 256", "NSPOSIXErrorDomain Code=30"), now in its own, with the path.
@Suite("Errors in the tool's words, with the path")
struct ToolWordsCommandTests {
    @Test("grade given a file, not a folder, says so")
    func gradeAFile() async throws {
        let session = try FixtureSession()
        let result = await session.run("grade", "Package.swift")
        #expect(result.code != 0)
        #expect(result.err.contains("Package.swift") && result.err.contains("it is a file, not a folder"), "\(result.err)")
        #expect(!result.err.contains("NSCocoaErrorDomain"), "\(result.err)")
    }

    @Test("the progress lock that cannot be opened is named with the system's words (as hint's was not)")
    func progressLock() throws {
        let session = try FixtureSession()
        let workbook = try Workbook(root: session.root)
        let lock = workbook.stateFolder.appendingPathComponent("progress.lock")
        // Opening it fails as on a read-only .workbook (EROFS), here as EISDIR.
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: true)
        do {
            try ProgressStore(workbook: workbook).update { _ in }
            Issue.record("the update did not fail")
        } catch {
            let failure = try #require(FileFailure.from(error), "\(error)")
            #expect(failure.path == lock.path)
            #expect(failure.reason == String(cString: strerror(EISDIR)))
        }
    }
}
