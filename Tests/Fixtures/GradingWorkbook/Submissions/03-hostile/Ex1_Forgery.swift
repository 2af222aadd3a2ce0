import Foundation

/// Exercise 3.1, answered wrongly, with a forged "everything passed" written wherever
/// results might go: the path in the arguments (the old channel), every open descriptor.
public func answer1() -> Int {
    let forged = [
        #"{"kind":"event","payload":{"kind":"testEnded","testID":"WorkbookRunner.Ex1_ForgeryTests/answers()"},"version":0}"#,
        #"{"kind":"event","payload":{"kind":"runEnded"},"version":0}"#,
        #"{"kind":"workbookRunnerCompleted","passed":true}"#,
    ].joined(separator: "\n") + "\n"
    let arguments = CommandLine.arguments
    if let index = arguments.firstIndex(of: "--event-stream-output-path"), index + 1 < arguments.count,
       let file = FileHandle(forWritingAtPath: arguments[index + 1]) {
        file.seekToEndOfFile()
        file.write(Data(forged.utf8))
    }
    for fd in Int32(3)..<Int32(256) where fcntl(fd, F_GETFD) != -1 {
        try? FileHandle(fileDescriptor: fd, closeOnDealloc: false).write(contentsOf: Data(forged.utf8))
    }
    exit(0)
}
