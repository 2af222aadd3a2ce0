/// Whether printed hints are shown (`render --hints print|omit`).
public enum HintsInPrint: String, Sendable, Equatable, CaseIterable {
    case print
    case omit
}
