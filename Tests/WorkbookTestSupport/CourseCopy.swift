import Foundation

/// The repository's course — its chapters, `Package.swift`, the support modules, the
/// predictions and the chapters' modules, and with `tests` the chapters' tests — copied to a
/// fresh temporary root (`<prefix>-<UUID>`), so a test's `start` or `check` writes nothing
/// in the repository.
public enum CourseCopy {
    public static func make(prefix: String, tests: Bool = true) throws -> URL {
        let repository = SeededModules.repository
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        for folder in ["Sources", "Tests"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for name in ["chapters", "Package.swift"] {
            try manager.copyItem(at: repository.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
        for name in try manager.contentsOfDirectory(atPath: repository.appendingPathComponent("Sources").path)
        where name == "Diner" || name == "Stage" || name == "Predictions" || name.hasPrefix("Chapter") {
            try manager.copyItem(at: repository.appendingPathComponent("Sources/\(name)"), to: root.appendingPathComponent("Sources/\(name)"))
        }
        guard tests else { return root }
        for name in try manager.contentsOfDirectory(atPath: repository.appendingPathComponent("Tests").path) where name.hasPrefix("Chapter") {
            try manager.copyItem(at: repository.appendingPathComponent("Tests/\(name)"), to: root.appendingPathComponent("Tests/\(name)"))
        }
        return root
    }
}
