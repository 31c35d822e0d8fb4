import Foundation
import Testing

/// The snapshot helper's own behaviour, in a temporary directory so it never touches
/// `Snapshots/`.
@Suite struct SnapshotHelperTests {
    @Test func recordsMatchesAndDiffs() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }

        let missing = verifySnapshot("a\nb", named: "x", in: directory, recording: false)
        #expect(missing == "No snapshot on disk. Recorded Snapshots/x.txt; read it, then run again without RECORD_SNAPSHOTS.")
        #expect(verifySnapshot("a\nb", named: "x", in: directory, recording: false) == nil)
        #expect(verifySnapshot("a\r\nb\n\n", named: "x", in: directory, recording: false) == nil)
        let failure = verifySnapshot("a\nc  ", named: "x", in: directory, recording: false)
        #expect(failure == """
            Snapshot "x" does not match Snapshots/x.txt (- expected, + actual):
             a
            -b
            +c··
            Run with RECORD_SNAPSHOTS=1 to accept the new text after reading it.
            """)
    }

    @Test func recordModeAlwaysFails() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(verifySnapshot("a", named: "y", in: directory, recording: false) != nil)
        let recorded = verifySnapshot("a", named: "y", in: directory, recording: true)
        #expect(recorded == "Record mode is on (RECORD_SNAPSHOTS). Recorded Snapshots/y.txt; read it, then run again without RECORD_SNAPSHOTS.")
        #expect(verifySnapshot("a", named: "y", in: directory, recording: false) == nil)
    }

    @Test func refusesPathsAsNames() {
        let directory = FileManager.default.temporaryDirectory
        #expect(verifySnapshot("a", named: "../escape", in: directory, recording: false)
            == "Snapshot names must be plain file names: ../escape")
    }
}
