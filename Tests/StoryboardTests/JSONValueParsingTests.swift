import Foundation
import Storyboard
import Testing

/// `JSONValue.parse` (JSONSerialization underneath) must read every document exactly as the
/// `Decodable` conformance does through `JSONDecoder`, booleans and numbers kept apart.
struct JSONValueParsingTests {
    @Test(arguments: [
        #"{"identifier":"addItem","source":"vc3"}"#,
        #"{"a":true,"b":false,"c":1,"d":0,"e":-0,"f":1.5,"g":-2.5e-8,"h":1e300,"i":12345678901234567890}"#,
        #"{"nested":{"list":[null,true,1,"x",{"k":[]}]},"empty":{},"unicode":"é 漢字 🚀 \u0001 \" \\"}"#,
        #"[1,"two",false,null]"#, #"{"commas, and ]brackets} in strings,]":"\",}"}"#, #""text""#, "42", "true", "null",
    ])
    func parse_agreesWithJSONDecoder(_ document: String) throws {
        let expected = try JSONDecoder().decode(JSONValue.self, from: Data(document.utf8))
        #expect(try JSONValue.parse(Array(document.utf8)) == expected)
    }

    @Test func booleans_areNotNumbers() throws {
        let value = try JSONValue.parse(Array(#"{"yes":true,"one":1,"no":false,"zero":0}"#.utf8))
        #expect(value == .object(["yes": .bool(true), "one": .number(1), "no": .bool(false), "zero": .number(0)]))
    }

    @Test(arguments: [
        "", "{", #"{"a":}"#, "[1,]", "[1 , ]", #"{"a":1,}"#, #"{"a":[1,{"b":2,}]}"#, "nul", #"{"a":1} trailing"#,
        "\u{FF}", "[01]", "[NaN]", "['a']", "//c\n[1]",
    ])
    func malformedDocuments_throw(_ document: String) {
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Array(document.utf8)) }
    }
}
