import WorkbookGrading

/// A hidden test is the teacher's: after grading, the student reads its name and its
/// message, never its source — its lines would be the test itself, handed back with the
/// feedback (feedback.html, results.json's `test_code`, the JUnit failure all read them
/// from the grade). Swift Testing's message quotes the expression with its values,
/// `(add(1_000, 234) → -46) == (1_234 → 1234)`: the student keeps the values, `-46 == 1234`.
enum HiddenTestSource {
    static func removed(from grades: [ChapterGrade]) -> [ChapterGrade] {
        grades.map { chapter in
            var chapter = chapter
            for exercise in chapter.exercises.indices {
                for index in chapter.exercises[exercise].tests.indices where chapter.exercises[exercise].tests[index].hidden {
                    var test = chapter.exercises[exercise].tests[index]
                    test.code = ""
                    test.failedCode = nil
                    test.message = test.message.map(valuesOnly)
                    // The teacher's hidden file and line are not the student's to look up.
                    if test.location?.path.contains("/Hidden/") == true { test.location = nil }
                    chapter.exercises[exercise].tests[index] = test
                }
            }
            return chapter
        }
    }

    /// `(expression → value)` groups replaced by their values, nested parentheses and all.
    static func valuesOnly(_ message: String) -> String {
        let characters = Array(message)
        var result = ""
        var index = 0
        while index < characters.count {
            guard characters[index] == "(", let close = matching(characters, from: index) else {
                result.append(characters[index])
                index += 1
                continue
            }
            let group = String(characters[(index + 1)..<close])
            if let arrow = group.range(of: " → ", options: .backwards) {
                result += group[arrow.upperBound...]
            } else {
                result += "(" + valuesOnly(group) + ")"
            }
            index = close + 1
        }
        return result
    }

    private static func matching(_ characters: [Character], from open: Int) -> Int? {
        var depth = 0
        for index in open..<characters.count {
            if characters[index] == "(" { depth += 1 }
            if characters[index] == ")" { depth -= 1; if depth == 0 { return index } }
        }
        return nil
    }
}
