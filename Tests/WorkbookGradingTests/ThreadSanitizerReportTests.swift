import Foundation
import Testing
@testable import WorkbookGrading
import WorkbookModel
import WorkbookTestSupport
@testable import WorkbookSystem
import WorkbookToolchain

/// Issue 58's race lab: what the Thread Sanitizer prints, read for the learner, and a
/// racy and a clean program run under it in the sandbox.
@Suite("Thread Sanitizer reports, read for the learner")
struct ThreadSanitizerReportTests {
    /// Printed by swiftc 6.3.1's TSan for a thread (pthread_create) that writes a field
    /// the main thread read, never joined (so a thread leak too); BuildIds shortened.
    static let raceAndLeak = """
        ==================
        WARNING: ThreadSanitizer: data race (pid=22239)
          Write of size 8 at 0x720800000030 by thread T1:
            #0 $s3rf3SvSgABcfU_ /tmp/racelab/rf3.swift:5:64 (rf3+0xfc3f3) (BuildId: 2ffffbbe)
            #1 $s3rf3SvSgABcfU_To /<compiler-generated> (rf3+0xfc45d) (BuildId: 2ffffbbe)

          Previous read of size 8 at 0x720800000030 by main thread:
            #0 main /tmp/racelab/rf3.swift:6:11 (rf3+0xfc8af) (BuildId: 2ffffbbe)

          As if synchronized via sleep:
            #0 usleep /home/build-user/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_posix.cpp:405:3 (rf3+0x785d7) (BuildId: 2ffffbbe)
            #1 $s3rf3SvSgABcfU_ /tmp/racelab/rf3.swift:5:37 (rf3+0xfc3a6) (BuildId: 2ffffbbe)

          Location is heap block of size 24 at 0x720800000020 allocated by main thread:
            #0 malloc /home/build-user/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_posix.cpp:686:5 (rf3+0x79a10) (BuildId: 2ffffbbe)
            #1 swift_slowAlloc <null> (libswiftCore.so+0x46fa6e) (BuildId: b521f25f)
            #2 main /tmp/racelab/rf3.swift:3:11 (rf3+0xfc7d6) (BuildId: 2ffffbbe)

          Thread T1 (tid=22241, running) created by main thread at:
            #0 pthread_create /home/build-user/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_posix.cpp:1094:3 (rf3+0x7b5fa) (BuildId: 2ffffbbe)
            #1 main /tmp/racelab/rf3.swift:5:1 (rf3+0xfc843) (BuildId: 2ffffbbe)

        SUMMARY: ThreadSanitizer: data race /tmp/racelab/rf3.swift:5:64 in $s3rf3SvSgABcfU_
        ==================
        ==================
        WARNING: ThreadSanitizer: thread leak (pid=22239)
          Thread T1 (tid=22241, finished) created by main thread at:
            #0 pthread_create /home/build-user/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_posix.cpp:1094:3 (rf3+0x7b5fa) (BuildId: 2ffffbbe)
            #1 main /tmp/racelab/rf3.swift:5:1 (rf3+0xfc843) (BuildId: 2ffffbbe)

        SUMMARY: ThreadSanitizer: thread leak /tmp/racelab/rf3.swift:5:1 in main
        ==================
        ThreadSanitizer: reported 2 warnings
        """

    static let learnerFile = ThreadSanitizerReport.LearnerFile(path: "/tmp/racelab/rf3.swift", displayPath: "exercises/rf3.swift")

    @Test("a data race names both accesses at the learner's lines, the earlier first, and a thread leak is not called a race")
    func raceAndLeakFindings() {
        let report = ThreadSanitizerReport(standardError: Self.raceAndLeak)
        #expect(report.runtimeFailure == nil)
        #expect(report.warnings.count == 2)
        #expect(report.sawDataRace)
        #expect(report.findings(learnerFiles: [Self.learnerFile]) == [
            "Thread Sanitizer saw a data race: read at exercises/rf3.swift:6 on the main thread, then written at exercises/rf3.swift:5, with nothing ordering the two",
            "Thread Sanitizer reported a thread leak at exercises/rf3.swift:5",
        ])
        // The sleep's and the allocation's frames are not the race's accesses.
        guard case .dataRace(let current, let previous) = report.warnings[0] else { Issue.record("not a race: \(report.warnings[0])"); return }
        #expect(current.frames.count == 2 && previous.frames.count == 1, "\(current.frames) \(previous.frames)")
    }

    @Test("frames outside the learner's files are never named: an access there is said to be outside the file")
    func onlyLearnerFrames() {
        let report = ThreadSanitizerReport(standardError: Self.raceAndLeak)
        let elsewhere = ThreadSanitizerReport.LearnerFile(path: "/tmp/racelab/other.swift", displayPath: "exercises/other.swift")
        #expect(report.findings(learnerFiles: [elsewhere]) == [
            "Thread Sanitizer saw a data race: read outside your file on the main thread, then written outside your file, with nothing ordering the two",
            "Thread Sanitizer reported a thread leak",
        ])
    }

    @Test("an access in the exercise's tests is said to be the tests', without their line")
    func accessInTests() {
        let report = ThreadSanitizerReport(standardError: Self.raceAndLeak)
        let learner = ThreadSanitizerReport.LearnerFile(path: "/tmp/racelab/other.swift", displayPath: "exercises/other.swift")
        #expect(report.findings(learnerFiles: [learner], testsFiles: ["racelab/rf3.swift"]).first
                == "Thread Sanitizer saw a data race: read by the exercise's tests on the main thread, then written by the exercise's tests, with nothing ordering the two")
    }

    @Test("a sanitizer that could not start is a failure of its own, with no warning and no race")
    func runtimeFailure() {
        let report = ThreadSanitizerReport(standardError: """
            ==18181==WARNING: Program is run with limited virtual address space, which wouldn't work with ThreadSanitizer.
            ==18181==Re-execing with unlimited virtual address space.
            ==18181==ERROR: ThreadSanitizer setrlimit() failed 22
            """)
        #expect(report.runtimeFailure == "==18181==ERROR: ThreadSanitizer setrlimit() failed 22")
        #expect(report.warnings.isEmpty)
        #expect(!report.sawDataRace)
        #expect(report.findings(learnerFiles: [Self.learnerFile]).isEmpty)
    }

    @Test("an atomic access and a lock held are read as such")
    func atomicAndMutexes() {
        let report = ThreadSanitizerReport(standardError: """
            WARNING: ThreadSanitizer: data race (pid=7)
              Atomic write of size 8 at 0x7b0400000010 by thread T2 (mutexes: write M0):
                #0 store /tmp/racelab/rf3.swift:9:3 (rf3+0x1)
              Previous read of size 8 at 0x7b0400000010 by main thread:
                #0 main /tmp/racelab/rf3.swift:12:7 (rf3+0x2)
            SUMMARY: ThreadSanitizer: data race /tmp/racelab/rf3.swift:9:3 in store
            """)
        #expect(report.findings(learnerFiles: [Self.learnerFile]) == [
            "Thread Sanitizer saw a data race: read at exercises/rf3.swift:12 on the main thread, then written atomically at exercises/rf3.swift:9, with nothing ordering the two",
        ])
    }
}

@Suite("A race exercise in the chapter format")
struct RaceExerciseFormatTests {
    @Test("'Sanitizer: thread' makes a race exercise; another sanitizer or a use of another exercise is an error")
    func format() throws {
        let good = try TemporaryWorkbook(RaceFixture.files)
        defer { good.remove() }
        let loaded = try good.load()
        #expect(Linter(workbook: loaded).run().map(\.description) == [])
        #expect(loaded.chapters.first?.exercises.map(\.kind) == [.write, .race, .race])

        let chapter = RaceFixture.chapter
            .replacingOccurrences(of: "[Ex2_BoxTests.swift](../Tests/Chapter01BlocksTests/Ex2_BoxTests.swift) · Sanitizer: thread",
                                  with: "[Ex2_BoxTests.swift](../Tests/Chapter01BlocksTests/Ex2_BoxTests.swift) · Sanitizer: address")
            .replacingOccurrences(of: "[Ex3_LocksTests.swift](../Tests/Chapter01BlocksTests/Ex3_LocksTests.swift) · Sanitizer: thread",
                                  with: "[Ex3_LocksTests.swift](../Tests/Chapter01BlocksTests/Ex3_LocksTests.swift) · Sanitizer: thread · Uses: 1.1")
        let bad = try TemporaryWorkbook(RaceFixture.files.merging(["chapters/01-blocks.md": chapter]) { $1 })
        defer { bad.remove() }
        let findings = Linter(workbook: try bad.load()).run().map(\.description)
        #expect(findings.contains { $0.contains("'Sanitizer:' takes 'thread' (the Thread Sanitizer, the one the grader runs), not 'address'") }, "\(findings)")
        #expect(findings.contains { $0.contains("exercise 1.3 is a race exercise, built alone under the Thread Sanitizer: it cannot use another exercise's code") },
                "\(findings)")
    }
}

