import Testing

@testable import HTTPServer

/// The refusals made on the access handler's first call, as a pure function of the request's shape
/// (tests/adversarial/run.py sends the same shapes as bytes to the daemon).
struct RequestValidationTests {
    static func shape(_ fields: [(String, String)], version: String = "HTTP/1.1") -> RequestShape {
        RequestShape(version: version, headerFields: fields.map { (name: $0.0, value: $0.1) })
    }

    static func refusal(_ shape: RequestShape) -> (status: Int, type: String?)? {
        guard let response = RequestValidation.refusal(for: shape) else { return nil }
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(response.header("Connection") == "close")
        let body = String(decoding: response.body, as: UTF8.self)
        let type = body.split(separator: "\"").first { $0.hasPrefix("urn:segued:problem:") }.map(String.init)
        return (response.status, type)
    }

    @Test func ordinaryRequests_pass() {
        #expect(Self.refusal(Self.shape([("host", "a")])) == nil)
        #expect(Self.refusal(Self.shape([("host", "a"), ("content-length", "2"), ("content-length", "2")])) == nil)
        #expect(Self.refusal(Self.shape([("host", "a"), ("transfer-encoding", "Chunked")])) == nil)
        #expect(Self.refusal(Self.shape([], version: "HTTP/1.0")) == nil)
    }

    @Test(arguments: [
        [("host", "a"), ("content-length", "2"), ("content-length", "20")],
        [("host", "a"), ("content-length", "2"), ("transfer-encoding", "chunked")],
        [("host", "a"), ("transfer-encoding", "chunked"), ("content-length", "0")],
        [("content-length", "0")],
        [("host", "a"), ("host", "b")],
    ])
    func ambiguousFraming_isMalformed(fields: [(String, String)]) {
        let refusal = Self.refusal(Self.shape(fields))
        #expect(refusal?.status == 400)
        #expect(refusal?.type == "urn:segued:problem:malformed-request")
    }

    /// RFC 9112 §6.1: Transfer-Encoding in an HTTP/1.0 request is faulty framing (issue 53:
    /// 0.9.75 read such a body chunked, where a proxy in front may frame it otherwise).
    @Test(arguments: ["chunked", "gzip"])
    func transferEncodingInHTTP10_isMalformed(coding: String) {
        let refusal = Self.refusal(Self.shape([("transfer-encoding", coding)], version: "HTTP/1.0"))
        #expect(refusal?.status == 400)
        #expect(refusal?.type == "urn:segued:problem:malformed-request")
        #expect(Self.refusal(Self.shape([("content-length", "2")], version: "HTTP/1.0")) == nil)
    }

    @Test(arguments: ["gzip", "chunked, gzip", " chunked", "identity"])
    func codingsOtherThanChunked_areNotImplemented(coding: String) {
        let refusal = Self.refusal(Self.shape([("host", "a"), ("transfer-encoding", coding)]))
        #expect(refusal?.status == 501)
        #expect(refusal?.type == "urn:segued:problem:unsupported-transfer-coding")
    }

    /// RFC 9112 §5.1: whitespace between a field name and its colon is refused with 400 (0.9.75 kept
    /// it in the name: `Content-Length : 22` framed nothing and its body ran as the next request).
    @Test(arguments: ["content-length ", "content-length\t", "x y", "", "x\u{1}", "x\u{7F}"])
    func fieldNamesWithWhitespaceOrControls_areMalformed(name: String) {
        let refusal = Self.refusal(Self.shape([("host", "a"), (name, "22")]))
        #expect(refusal?.status == 400)
        #expect(refusal?.type == "urn:segued:problem:malformed-request")
    }

    /// Other bytes pass as 1.0 passes them: the handler reads such a field as one it does not know.
    @Test func fieldNames_ofTokenAndOtherBytes_pass() {
        #expect(Self.refusal(Self.shape([("host", "a"), ("x-!#$%&'*+-.^_`|~09az", "1"), ("x-\u{DC}n\u{EF}", "v")])) == nil)
    }

    @Test func nulBytes_andQueryFloods_areRefused() {
        var shape = Self.shape([("host", "a")])
        shape.nulInTarget = true
        #expect(Self.refusal(shape)?.status == 400)
        shape = Self.shape([("host", "a")])
        shape.nulInHeaders = true
        #expect(Self.refusal(shape)?.status == 400)
        shape = Self.shape([("host", "a")])
        shape.tooManyQueryArguments = true
        #expect(Self.refusal(shape)?.status == 414)
        #expect(Self.refusal(shape)?.type == "urn:segued:problem:too-many-query-arguments")
    }
}
