import Testing
@testable import WorkbookRunning

@Suite("Blessing snippet outputs")
struct OutputBlessingTests {
    static let chapter = """
        # T

        ```swift run
        print("a")
        ```

        ```output
        old
        ```

        Text.

        ```swift run
        print("b")
        ```

        ````output
        old too
        ````
        """

    @Test("replaces only the blocks named, keeps everything else, trims trailing white space")
    func replaces() {
        let blessed = OutputBlessing.bless(Self.chapter, outputs: [(7, "a  \nsecond\n\n"), (17, "b\n")])
        #expect(blessed == """
            # T

            ```swift run
            print("a")
            ```

            ```output
            a
            second
            ```

            Text.

            ```swift run
            print("b")
            ```

            ```output
            b
            ```
            """)
    }

    @Test("an output holding a fence gets a longer fence, so the block stays one block")
    func longerFence() {
        let blessed = OutputBlessing.bless(Self.chapter, outputs: [(7, "```\nx")])
        #expect(blessed.contains("````output\n```\nx\n````\n"))
        #expect(OutputBlessing.bless(Self.chapter, outputs: []) == Self.chapter)
    }
}
