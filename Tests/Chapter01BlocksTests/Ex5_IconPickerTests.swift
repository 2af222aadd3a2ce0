import Testing
import Stage
import Chapter01Blocks

@Suite("Exercise 1.5: Replace the icon picker's delegate with a callback")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct Ex5_IconPickerTests {
    @Test("tapping a row reports that row's icon", arguments: [0, 3, 9])
    func tapReportsIcon(row: Int) {
        let picker = IconPicker()
        var picked: [String] = []
        picker.onPick = { picked.append($0) }
        picker.tapRow(row)
        #expect(picked == [IconPicker.icons[row]],
                "tapping row \(row) reported \(picked); expected [\(IconPicker.icons[row])]")
    }

    @Test("tapping outside the list reports nothing")
    func tapOutside() {
        let picker = IconPicker()
        var picked: [String] = []
        picker.onPick = { picked.append($0) }
        picker.tapRow(IconPicker.icons.count)
        picker.tapRow(-1)
        #expect(picked.isEmpty, "taps outside the rows reported \(picked); expected nothing")
    }

    @Test("a picked icon reaches the editor, its label, and closes the picker")
    func pickUpdatesEditor() {
        let editor = ChecklistEditor()
        let picker = editor.showIconPicker()
        #expect(editor.presentedPicker === picker, "the editor should keep the picker it shows")
        picker.tapRow(3)
        #expect(editor.iconName == "Chores", "after picking row 3 the editor's icon was \(editor.iconName); expected Chores")
        #expect(editor.iconLabel.history == ["Folder", "Chores"],
                "the icon label showed \(editor.iconLabel.history); expected [\"Folder\", \"Chores\"]")
        #expect(editor.presentedPicker == nil, "the picker should close after a pick, but the editor still presents one")
    }

    @Test("the editor and its picker are both freed when the user backs out without picking")
    func noRetainCycle() {
        weak var weakEditor: ChecklistEditor?
        weak var weakPicker: IconPicker?
        do {
            let editor = ChecklistEditor()
            let picker = editor.showIconPicker()
            weakEditor = editor
            weakPicker = picker
        }
        // onPick is named only when the picker was kept alive too: the editor holds the
        // picker, so a picker that outlives the test holds the editor back through onPick.
        let pickerKept = weakPicker != nil
        #expect(weakEditor == nil,
                Comment(rawValue: "the editor was never freed once the test let go of it and its picker: something still holds it strongly"
                    + (pickerKept ? "; the picker was not freed either (look at what onPick captures)" : "")))
        #expect(weakPicker == nil, "the picker was never freed once the test let go of it and its editor: something still holds it strongly")
    }

    @Test("a picker that outlives its editor can still be tapped safely")
    func pickerOutlivesEditor() {
        weak var weakEditor: ChecklistEditor?
        var picker: IconPicker?
        var label: Label?
        do {
            let editor = ChecklistEditor()
            picker = editor.showIconPicker()
            label = editor.iconLabel
            weakEditor = editor
        }
        #expect(weakEditor == nil, "the editor was not freed although only its picker was kept: the picker (or its onPick) holds the editor strongly")
        picker?.tapRow(1)  // with `unowned self` this line would crash
        #expect(label?.history == ["Folder"],
                "a pick after the editor was freed changed its label to \(label?.history ?? []); expected nothing to happen")
    }
}
