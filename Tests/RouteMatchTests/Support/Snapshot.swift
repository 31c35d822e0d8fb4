import Foundation
import Testing

/// Asserts that `actual` equals `Snapshots/<name>.txt` at the package root.
///
/// - A missing snapshot is written and the test fails ("recorded").
/// - With `RECORD_SNAPSHOTS` set, the snapshot is overwritten and the test fails, so record
///   mode can never pass a run by accident: a changed snapshot is read in the diff, not trusted.
/// - A mismatch fails with a line diff (`-` expected, `+` actual).
func assertSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let root = packageRoot(startingAt: sourceLocation.fileID == "" ? #filePath : "\(#filePath)") else {
        Issue.record("No Package.swift above \(#filePath)", sourceLocation: sourceLocation)
        return
    }
    let failure = verifySnapshot(
        actual, named: name, in: root.appendingPathComponent("Snapshots"),
        recording: ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil)
    if let failure {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

/// Compares `actual` with `<directory>/<name>.txt`; returns `nil` on a match, else the failure
/// message. Free of any test framework so that its own tests can call it.
func verifySnapshot(_ actual: String, named name: String, in directory: URL, recording: Bool) -> String? {
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
        return "Snapshot names must be plain file names: \(name)"
    }
    let relativePath = "Snapshots/\(name).txt"
    let url = directory.appendingPathComponent("\(name).txt")
    let actual = normalizedSnapshot(actual)

    func record(_ reason: String) -> String {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return "\(reason) Recorded \(relativePath); read it, then run again without RECORD_SNAPSHOTS."
        } catch {
            return "\(reason) Could not write \(relativePath): \(error)"
        }
    }

    if recording { return record("Record mode is on (RECORD_SNAPSHOTS).") }
    guard let data = FileManager.default.contents(atPath: url.path) else {
        return record("No snapshot on disk.")
    }
    let expected = normalizedSnapshot(String(decoding: data, as: UTF8.self))
    guard expected != actual else { return nil }
    return """
        Snapshot "\(name)" does not match \(relativePath) (- expected, + actual):
        \(lineDiff(expected: String(expected.dropLast()), actual: String(actual.dropLast())))
        Run with RECORD_SNAPSHOTS=1 to accept the new text after reading it.
        """
}

/// `\r\n` → `\n` and exactly one trailing newline, so editors cannot cause failures.
func normalizedSnapshot(_ text: String) -> String {
    var text = text.replacingOccurrences(of: "\r\n", with: "\n")
    while text.hasSuffix("\n") { text.removeLast() }
    return text + "\n"
}

/// The package's root: the nearest directory above `filePath` with a `Package.swift`.
func packageRoot(startingAt filePath: String) -> URL? {
    var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while directory.path != "/" {
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            return directory
        }
        directory.deleteLastPathComponent()
    }
    return nil
}
