/// The version of the workbook tool and of its chapter format.
public enum WorkbookVersion {
    public static let current = "0.1.0"
}
