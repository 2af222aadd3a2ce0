import Foundation

/// Exercise 3.4, answered rightly, leaving a chain of processes behind: a shell waiting on
/// a sleep, and a new session (out of every process group) with two more.
public func answer4() -> Int {
    for arguments in [["-c", "sleep 1000.123; true"], ["-c", "setsid sh -c 'sleep 1000.456 & sleep 1000.789' &"]] {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = arguments
        try? shell.run()
    }
    usleep(100_000)
    return 4
}
