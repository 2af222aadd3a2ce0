import WorkbookKit
public enum WorkbookCLI {
    public static func run(_ arguments: [String]) -> Int32 { 0 }
}
