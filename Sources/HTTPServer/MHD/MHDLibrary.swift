internal import CMicroHTTPD

/// The libmicrohttpd this process runs on, and what segued does around it because of its version.
///
/// Found once, at start-up, from `MHD_get_version()`: Debian 12's 0.9.75 and the 1.0.x of Debian 13,
/// Fedora, Arch and Homebrew share the SONAME `libmicrohttpd.so.12`, so a binary built against one
/// header can run on the other library (an upgraded system), and the header's `MHD_VERSION` alone
/// would guess. Each property names the versions it was established on and why.
struct MHDLibrary: Sendable {
    /// The library of this process.
    static let running = MHDLibrary(version: String(cString: segued_mhd_version()))

    /// As the library reports it: "0.9.75", "1.0.1".
    let version: String
    /// Major, minor and patch numbers (missing ones are 0).
    let numbers: (major: Int, minor: Int, patch: Int)

    init(version: String) {
        self.version = version
        let parts = version.split(separator: ".").map { Int($0.prefix { $0.isNumber }) ?? 0 }
        numbers = (parts.count > 0 ? parts[0] : 0, parts.count > 1 ? parts[1] : 0, parts.count > 2 ? parts[2] : 0)
    }

    private func isAtLeast(_ major: Int, _ minor: Int, _ patch: Int) -> Bool {
        (numbers.major, numbers.minor, numbers.patch) >= (major, minor, patch)
    }

    /// 1.0.0 rewrote request parsing to RFC 9110/9112 (connection.c `get_req_header`,
    /// `get_request_line_inner`): at any client discipline of 0 or more it refuses, with its own 400
    /// and a closed connection, a NUL in a header line, a folded header line, whitespace before a
    /// field's colon or in its name; a NUL in the request line ends the connection. It also lays
    /// out its read buffer otherwise than 0.9.75 (it keeps each field's length rather than relying
    /// on NULs written over line ends), so 0.9.75's walk over that buffer (`segued_mhd_hides_nul`)
    /// reported every request on 1.0.1 as hiding a NUL: 1.0.1 answered `/healthz` with 400. On
    /// 0.9.75 (Debian 12) segued finds those bytes itself.
    var refusesMalformedFieldLines: Bool { isAtLeast(1, 0, 0) }

    /// `MHD_OPTION_CLIENT_DISCIPLINE_LVL` exists from 0.9.77 on; 0.9.75's `MHD_start_daemon` fails
    /// on an option it does not know.
    var hasClientDiscipline: Bool { isAtLeast(0, 9, 77) }

    /// The client discipline segued asks of a library that has the setting: 1, "more strict protocol
    /// interpretation, within the limits set by RFCs for HTTP servers … suitable for highly loaded
    /// public servers" (microhttpd.h). Above the default 0 it refuses a bare LF as a line end and a
    /// request with both `Transfer-Encoding: chunked` and `Content-Length` (at 0 it only closes the
    /// connection after answering), which are smuggling shapes segued refuses on 0.9.75 too; 2 and
    /// 3 go past what RFC 9112 lets a server refuse, and negative levels accept bare CR and NUL as
    /// spaces. It also refuses HTTP/1.1 without `Host` itself, so on 1.0 that 400 is libmicrohttpd's
    /// page rather than segued's problem document (docs/security.md, "libmicrohttpd versions").
    static let clientDiscipline: Int32 = 1
}
