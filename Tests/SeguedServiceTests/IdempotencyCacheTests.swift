import HTTPServer
@testable import SeguedService
import Testing

/// The cache forgets its oldest keys beyond a number of keys or of response bytes, and always
/// keeps the latest response.
struct IdempotencyCacheTests {
    private func key(_ name: String, body: String = "{}") -> IdempotencyCache.Key {
        .init(key: name, request: Request(method: "POST", path: "/v1/sessions/s/segues", query: [], headers: [:], body: Array(body.utf8)))
    }

    private func response(bytes: Int) -> Response { Response(status: 200, body: [UInt8](repeating: 0x20, count: bytes)) }

    private func remembered(_ cache: IdempotencyCache, _ names: [String]) -> [String] {
        names.filter { if case .hit = cache.lookup(key($0)) { true } else { false } }
    }

    @Test func beyondItsKeys_theOldestIsForgotten() {
        var cache = IdempotencyCache(capacity: 3, byteBudget: 1_000)
        for name in ["a", "b", "c", "d"] { cache.store(response(bytes: 10), for: key(name)) }
        #expect(remembered(cache, ["a", "b", "c", "d"]) == ["b", "c", "d"])
    }

    @Test func beyondItsBytes_theOldestAreForgotten_butTheLatestIsKept() {
        var cache = IdempotencyCache(capacity: 256, byteBudget: 100)
        cache.store(response(bytes: 40), for: key("a"))
        cache.store(response(bytes: 40), for: key("b"))
        #expect(remembered(cache, ["a", "b"]) == ["a", "b"])
        cache.store(response(bytes: 40), for: key("c"))
        #expect(remembered(cache, ["a", "b", "c"]) == ["b", "c"])
        // Larger than the whole budget: kept alone, so that its retry still replays.
        cache.store(response(bytes: 500), for: key("d"))
        #expect(remembered(cache, ["a", "b", "c", "d"]) == ["d"])
        cache.store(response(bytes: 10), for: key("e"))
        #expect(remembered(cache, ["d", "e"]) == ["e"])
    }

    @Test func aKeyWithAnotherRequest_isReused() {
        var cache = IdempotencyCache()
        cache.store(response(bytes: 10), for: key("a", body: #"{"identifier": "x"}"#))
        guard case .reused = cache.lookup(key("a", body: #"{"identifier": "y"}"#)) else { Issue.record("expected reused"); return }
    }
}
