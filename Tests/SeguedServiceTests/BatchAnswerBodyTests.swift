import Foundation
import HTTPServer
import SeguedService
import Storyboard
import Testing

/// A long batch answer sent once is written as the client reads it, by applying the batch again to
/// the state it started from, with the bytes of the answer written whole (issue 28: answers of
/// 36 MB cost 45 MB each for a client that did not read).
struct BatchAnswerBodyTests {
    let service = SeguedService()

    /// 100 operations: a presentation of the edit screen and its cancel, 50 times (~345 KB answered).
    static let long = #"{"operations": ["#
        + Array(repeating: #"{"op": "segue", "identifier": "addItem", "source": "vc3"}, {"op": "unwind", "action": "cancelEdit:"}"#, count: 50)
        .joined(separator: ", ") + "]}"

    func accounted() throws -> Double {
        let metrics = service.handle(.make("GET", "/metrics")).text
        let line = try #require(metrics.split(separator: "\n").first { $0.hasPrefix("segued_memory_accounted_bytes ") })
        return try #require(Double(line.split(separator: " ")[1]))
    }

    @Test func aLongAnswer_isWrittenInPieces_withTheBytesOfTheAnswerWrittenWhole() throws {
        let produced = try service.demoSession()
        let whole = try service.demoSession()
        var answer: Response? = service.handle(.make("POST", "/v1/sessions/\(produced)/batch", json: Self.long))
        // The same batch on a session in the same state, answered with an Idempotency-Key: kept
        // for retries, so written whole.
        let kept = service.handle(.make("POST", "/v1/sessions/\(whole)/batch", json: Self.long, headers: ["idempotency-key": "k1"]))
        #expect(kept.status == 200 && kept.producer == nil && kept.body.count > 300_000)
        do {
            let producer = try #require(answer?.producer)
            #expect(answer?.status == 200 && answer?.body.isEmpty == true)
            #expect(answer?.header("ETag") == "\"101\"" && kept.header("ETag") == "\"101\"")
            var bytes: [UInt8] = []
            var pieces = 0
            while let piece = producer.nextPiece(capacity: 700), !piece.isEmpty {
                bytes += piece
                pieces += 1
            }
            #expect(pieces > 100)
            #expect(bytes == kept.body)
            #expect(producer.nextPiece(capacity: 700) == [])
        }
        // What the body keeps (the state the batch started from, 4 KB and 512 B an instance; its
        // 100 commands, each with its heap box; libmicrohttpd's 4 KB block) is counted while it is
        // kept, and given back with it.
        let session = try #require(try? service.handle(.make("GET", "/v1/sessions/\(produced)")).json)
        #expect(session["revision"] == .number(101))
        let held = try accounted()
        answer = nil
        let released = try accounted()
        #expect(held - released >= 4096 + 4096 + 100 * 96 && held - released < 32_768, "\(held) \(released)")
    }

    @Test func anAnswerMadeAgain_isTheBatchsEvenAfterTheSessionMovesOn() throws {
        let id = try service.demoSession()
        let answer = service.handle(.make("POST", "/v1/sessions/\(id)/batch", json: Self.long))
        let producer = try #require(answer.producer)
        let first = try #require(producer.nextPiece(capacity: 700))
        // Another batch runs before the client reads the rest.
        #expect(service.handle(.make("POST", "/v1/sessions/\(id)/batch", json: Self.long)).status == 200)
        var bytes = first
        while let piece = producer.nextPiece(capacity: 4096), !piece.isEmpty { bytes += piece }
        let document = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        #expect(document["revision"] == .number(101))
        let results = try #require(document["results"]?.arrayValue)
        #expect(results.count == 100)
        #expect(results.last?["revision"] == .number(101))
        #expect(results.first?["events"]?.arrayValue?.first?["seq"] != nil)
    }

    @Test func aShortAnswer_isWrittenWhole() throws {
        let id = try service.demoSession()
        let answer = service.handle(.make("POST", "/v1/sessions/\(id)/batch", json: #"{"operations": [{"op": "segue", "identifier": "showItem"}]}"#))
        #expect(answer.status == 200 && answer.producer == nil && !answer.body.isEmpty)
    }
}
