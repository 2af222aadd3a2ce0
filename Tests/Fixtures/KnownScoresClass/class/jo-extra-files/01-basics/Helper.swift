// My own helper, not an exercise: it is not graded.
func double(_ x: Int) -> Int { x * 2 }
