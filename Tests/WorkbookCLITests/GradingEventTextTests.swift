import Testing
@testable import WorkbookCLI
import WorkbookGrading
import WorkbookMutation

@Suite("The progress line words grading's events")
struct GradingEventTextTests {
    @Test("each event in the words the progress line and WORKBOOK_TIMINGS have always used", arguments: [
        (GradingEvent.compilingSupport, "compiling Diner and Stage"),
        (.compilingModule("Chapter03Queues"), "compiling Chapter03Queues"),
        (.compilingTests, "compiling the tests"),
        (.linking, "linking the tests"),
        (.running(exercises: 1), "running 1 exercise"),
        (.running(exercises: 3), "running 3 exercises"),
        (.runningPrograms(1), "running the program to compare"),
        (.runningPrograms(2), "running 2 programs to compare"),
    ])
    func words(_ event: GradingEvent, _ text: String) {
        #expect(event.progressText == text)
    }

    @Test("mutate's progress, as its line has always said it")
    func mutation() {
        #expect(MutationProgress(chapter: 3, graded: 12, of: 80).progressText == "chapter 3: mutant 12 of 80")
    }
}
