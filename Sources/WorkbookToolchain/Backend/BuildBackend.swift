import Foundation
import WorkbookSystem

/// Which back end builds modules and programs — the one place that decides.
///
/// `direct`: the compiler's own jobs (frontend, interface emission, ld.lld) started
/// without the driver, from commands learnt once per toolchain (`DirectCommands`); about
/// 0.15 s less per start of the driver, measured. Linux/ELF only. `driver`: `swiftc` for
/// everything, which works everywhere and is what `direct` falls back to whenever its
/// commands cannot be learnt or one of its jobs fails. `WORKBOOK_BACKEND=driver` (or
/// `direct`) forces one, so the portable path is tested on Linux too.
public enum BuildBackend: String, Sendable {
    case direct, driver

    /// The back end `environment` asks for (a toolchain's: `SwiftToolchain.backend`).
    static func choose(environment: [String: String]) -> BuildBackend {
        #if os(Linux)
        return environment["WORKBOOK_BACKEND"].flatMap(BuildBackend.init(rawValue:)) ?? .direct
        #else
        return .driver
        #endif
    }
}
