import Foundation
import SeguedTestSupport
import Testing

@testable import HTTPServer

/// The places segued does something because of the libmicrohttpd version it runs on
/// (MHD/MHDLibrary.swift), each sent as bytes to a real server. The same tests run against
/// Debian 12's 0.9.75 (`swift test`) and Debian 13's 1.0.1 (`.ci/mhd-1.0`); where the two answer
/// differently, the test says what each does and why.
struct LibraryVersionTests {
    static let library = MHDLibrary.running

    @Test func versions_areReadAsNumbers_andDecideWhatSeguedDoes() {
        let old = MHDLibrary(version: "0.9.75")
        #expect(old.numbers == (0, 9, 75))
        #expect(!old.refusesMalformedFieldLines)
        #expect(!old.hasClientDiscipline)
        let newer = MHDLibrary(version: "0.9.77")
        #expect(!newer.refusesMalformedFieldLines)
        #expect(newer.hasClientDiscipline)
        let current = MHDLibrary(version: "1.0.1")
        #expect(current.numbers == (1, 0, 1))
        #expect(current.refusesMalformedFieldLines)
        #expect(current.hasClientDiscipline)
        #expect(MHDLibrary(version: "1.0").numbers == (1, 0, 0))
    }

    /// CI names the library each run must be on (`SEGUED_EXPECT_LIBMICROHTTPD`), so that a run meant
    /// for 1.0.1 cannot pass on 0.9.75 because `LD_LIBRARY_PATH` missed.
    @Test func theRunningLibrary_isTheOneReported() {
        #expect(HTTPLibrary.version == Self.library.version)
        if let expected = ProcessInfo.processInfo.environment["SEGUED_EXPECT_LIBMICROHTTPD"] {
            #expect(Self.library.version == expected)
        }
        #expect(Self.library.numbers.major <= 1)
        #expect(Self.library.version.hasPrefix("0.9.") || Self.library.version.hasPrefix("1.0."))
    }

    /// Sends `head` on a new connection; returns what came back by the time the server closed it.
    private func exchange(_ head: String, with server: Server) throws -> String {
        let connection = try RawConnection(port: server.port)
        try connection.send(head)
        #expect(connection.readUntilClosed(timeout: .seconds(5)), "the connection stays open after: \(head.debugDescription)")
        return connection.text
    }

    private func withServer(_ body: (Server) throws -> Void) throws {
        let server = Server(configuration: ServerConfiguration(port: 0)) { _ in
            Response(status: 200, headers: [("Content-Type", "text/plain")], body: Array("reached the handler".utf8))
        }
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        try body(server)
    }

    /// What answers a request refused for its bytes: segued's problem document on 0.9.75, which lets
    /// the request reach the access handler; libmicrohttpd's own page on 1.0, which refuses it while
    /// parsing, before any code of segued's runs.
    private func expectRefused(_ reply: String, _ head: String) {
        #expect(reply.hasPrefix("HTTP/1.1 400 "), "\(head.debugDescription) → \(reply)")
        #expect(!reply.contains("reached the handler"), "\(head.debugDescription) → \(reply)")
        if Self.library.refusesMalformedFieldLines {
            #expect(!reply.contains("application/problem+json"), "\(reply)")
        } else {
            #expect(reply.contains("Content-Type: application/problem+json"), "\(reply)")
            #expect(reply.contains("urn:segued:problem:malformed-request"), "\(reply)")
        }
    }

    /// NUL anywhere in a field line, the last byte of a value included, and a folded line: 0.9.75
    /// through segued's walk over its buffer (`segued_mhd_hides_nul`), 1.0 itself. On 1.0 the walk
    /// must not run: it read 1.0's buffer as hiding a NUL in every request (`/healthz` got 400).
    @Test(arguments: [
        "GET /x HTTP/1.1\r\nHost: a\r\nX-A: a\0b\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: a\r\nX-A: ab\0\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: a\0\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: a\r\nX-A: a\r\n b\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: a\r\nContent-Length : 0\r\n\r\n",
        "GET /x HTTP/1.1\nHost: a\r\n\r\n",
    ])
    func malformedFieldLines_areRefusedAndClosed(head: String) throws {
        try withServer { server in expectRefused(try exchange(head, with: server), head) }
    }

    @Test func wellFormedRequests_reachTheHandler_onEitherVersion() throws {
        try withServer { server in
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /healthz HTTP/1.1\r\nHost: a\r\nX-Empty:\r\nX-Spaces:   b  \r\nAccept: */*\r\n\r\n")
            #expect(connection.read(until: "reached the handler", timeout: .seconds(5)))
            #expect(connection.text.hasPrefix("HTTP/1.1 200 "))
            let old = try RawConnection(port: server.port)
            try old.send("GET /healthz HTTP/1.0\r\n\r\n")
            #expect(old.read(until: "reached the handler", timeout: .seconds(5)))
        }
    }

    /// A malformed Content-Length is answered once. 0.9.75 wrote its own 400's header block twice
    /// (it rebuilds an error response's headers after queuing it); 1.0.1 sends one response. Where
    /// the library answers, the page is its own on both versions: it refuses the request while
    /// parsing and calls no handler of segued's.
    @Test func malformedContentLength_isAnsweredOnce() throws {
        try withServer { server in
            let reply = try exchange("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 12x\r\n\r\n{}", with: server)
            #expect(reply.hasPrefix("HTTP/1.1 400 "), "\(reply)")
            let statusLines = reply.components(separatedBy: "HTTP/1.1 400").count - 1
            if Self.library.refusesMalformedFieldLines {
                #expect(statusLines == 1, "\(reply)")
            } else {
                // Known limit of 0.9.75 (docs/security.md, "libmicrohttpd versions"): the header block twice.
                #expect(statusLines == 2, "\(reply)")
            }
        }
    }

    /// `Transfer-Encoding: chunked` with `Content-Length` (RFC 9112 §6.3, a smuggling shape): 400 and
    /// closed on both, by segued on 0.9.75 and by 1.0 at client discipline 1 (at its default 0 it
    /// would answer and only then close).
    @Test func chunkedWithContentLength_isRefused() throws {
        try withServer { server in
            let head = "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n"
            let reply = try exchange(head, with: server)
            #expect(reply.hasPrefix("HTTP/1.1 400 "), "\(reply)")
            #expect(!reply.contains("reached the handler"), "\(reply)")
        }
    }
}
