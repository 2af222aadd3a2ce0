// Support code the exercises share: none yet, but the grader must compile it.
public let basicsChapterName = "basics"
