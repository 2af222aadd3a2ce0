import Testing

/// What a test needs, for choosing what to run (docs/tests.md).
///
/// `scripts/tagged-suites.sh backend` turns a tag into a `--filter` pattern of the suites
/// that use it (the 6.3.1 toolchain's `swift test` has no `--filter tag:`); CI runs those a
/// second time with `WORKBOOK_BACKEND=driver` (`make test-driver`), not the whole suite.
extension Tag {
    /// Builds modules or programs through the tool's build back end (`BuildBackend`):
    /// module builds and their interfaces, linking test runners and snippet programs, the
    /// fallback from `direct` to the driver. Runs again on the driver back end.
    @Tag public static var backend: Self
    /// Starts the Swift compiler at all (seconds, not milliseconds): the slow tests.
    @Tag public static var compiles: Self
    /// The planted-mistake suite of the repair probe (`swift test --filter tag:localization`):
    /// minutes of compiling and running, and its hit rate printed.
    @Tag public static var localization: Self
}
