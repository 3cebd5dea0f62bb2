import HTTPServer
import Navigation
import Storyboard
import Synchronization

/// The answer of a long batch (`POST …/batch`), written as the client reads it by applying the
/// batch's commands again, one at a time, to a copy of the state the batch started from: the
/// engine is pure, so each gives the transcript and stack it gave when the batch ran. A client that
/// sends a batch and does not read then holds that state and the commands, not the answer, whose
/// every event spells out its scene's id and class (answers of 36 MB cost 45 MB each when written
/// whole, issue 28). Keeping the transcripts instead was no cheaper: 100 operations of the demo
/// storyboard held about 317 KB of RSS per client that way, against 345 KB of JSON. The bytes are
/// those of the answer written whole (``SeguedService/batchAnswer``).
///
/// What the state takes is counted in the memory budget (`--max-memory`) while the body is kept, as
/// the session counts its own; the pieces waiting for the socket are counted by the server.
final class BatchAnswerBody: ResponseBodyProducer {
    /// Answers of more events and search steps than this are written in pieces; shorter ones whole
    /// (with a Content-Length, and nothing to keep).
    static let wholeUpTo = 64
    /// The least an event or search step of an answer takes written (`{"seq":…,"vc":"vc1",
    /// "scene":…,"class":…,"method":…}`), for comparing the answer with what writing it keeps.
    static let leastBytesPerEvent = 100
    /// The most a piece holds, whatever room libmicrohttpd offers.
    static let pieceBytes = 4096

    private let commands: [Command]
    private let headers: EventHeaders
    private let revision: Int
    private let memory: MemoryBudget
    /// What the budget counts for this body.
    let keptBytes: Int
    /// The state the next command applies to, the next command, and whether the answer is complete.
    private let progress: Mutex<(navigation: NavigationState, next: Int, done: Bool)>

    /// The answer to `commands` applied to `before`, the state the batch started from (their
    /// transcripts were `steps`), if keeping that state costs less than the answer written whole.
    init?(commands: [Command], before: NavigationState, steps: [Session.BatchStep], headers: EventHeaders, memory: MemoryBudget) {
        let events = steps.reduce(0) { $0 + $1.transcript.events.count + $1.transcript.search.count }
        let kept = Self.keptBytes(commands: commands, before: before)
        guard events > Self.wholeUpTo, kept < events * Self.leastBytesPerEvent else { return nil }
        self.commands = commands
        self.headers = headers
        revision = steps.last?.summary.revision ?? before.revision
        self.memory = memory
        keptBytes = kept
        progress = Mutex((before, 0, false))
        // Counted, not reserved: the batch is applied by now, and what is kept is less than the
        // answer, which would be held whole otherwise.
        memory.adjust(by: kept)
    }

    deinit { memory.adjust(by: -keptBytes) }

    /// What keeping the answer holds until the client has read it: the state it starts from (its
    /// fixed share, instances and data), the commands (each a `Command` value and its data), and
    /// libmicrohttpd's buffer for the response. Counting the state alone counted about a quarter
    /// to two thirds of what an unread answer held (issue 53: the commands were not counted; 200
    /// unread answers of 100 commands grew the debug binary by 36.5 KiB each, counted 23.7 KiB).
    static func keptBytes(commands: [Command], before: NavigationState) -> Int {
        let state = Session.baseBytes + before.liveCount * Session.instanceBytes + before.dataSize
        let data = commands.reduce(0) { $0 + ($1.data?.approximateSize ?? 0) }
        return state + commands.count * (MemoryLayout<Command>.stride + Self.commandBoxBytes) + data + Self.pieceBytes
    }

    /// A command's payload beyond its inline value: the cases with large payloads are indirect, each
    /// payload a heap box of its own (object header, the request's fields, the allocator's rounding).
    /// With it, 200 unread answers of 100 commands are counted at 39.4 KiB each against growth of
    /// 39.6 KiB (release binary, tcmalloc) and 36.0 KiB (debug); without it, 30.0 KiB.
    static let commandBoxBytes = 96

    /// The next piece; `nil` if a command does not apply again as it did (it always does: the
    /// engine is pure), which ends the response incomplete rather than with a different answer.
    func nextPiece(capacity offered: Int) -> [UInt8]? {
        let capacity = min(offered, Self.pieceBytes)
        return progress.withLock { progress -> [UInt8]? in
            guard !progress.done else { return [] }
            var w = JSONWriter(capacity: capacity + 1024)
            if progress.next == 0 { w.fragment("{\"results\":[") }
            while progress.next < commands.count, w.byteCount < capacity {
                let transcript: Transcript
                do throws(NavigationError) {
                    transcript = try Navigator.apply(commands[progress.next], to: &progress.navigation)
                } catch {
                    return nil
                }
                if progress.next > 0 { w.fragment(",") }
                w.afterKey()
                w.transcript(transcript, state: StackSummary(progress.navigation), headers: headers)
                progress.next += 1
            }
            if progress.next == commands.count, w.byteCount < capacity {
                SeguedService.batchAnswerTail(&w, revision: revision)
                progress.done = true
            }
            return w.bytes
        }
    }
}
