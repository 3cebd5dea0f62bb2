import Foundation
import Storyboard
import Testing

/// `JSONByteParser` (the store's snapshots) reads valid documents as `JSONDecoder` does and refuses
/// malformed ones. (Where JSONDecoder is stricter, on a lone surrogate escape or a number that
/// underflows, it gives U+FFFD and 0: it reads segued's own output, which has neither.)
struct JSONByteParserTests {
    @Test(arguments: [
        #"{"identifier":"addItem","source":"vc3"}"#,
        #"{"a":true,"b":false,"c":1,"d":0,"e":-0,"f":1.5,"g":-2.5e-8,"h":1e300,"i":12345678901234567890,"j":-123456789012345}"#,
        #"{"nested":{"list":[null,true,1,"x",{"k":[]}]},"empty":{},"unicode":"é 漢字 🚀 \u0001 \" \\ \/ \b\f\n\r\t"}"#,
        #"{"pair":"\ud83d\ude80","bmp":"\u00e9\u6F22"}"#,
        #"[1,"two",false,null]"#, #"{"commas, and ]brackets} in strings,]":"\",}"}"#, #""text""#, "42", "true", "null",
        " \t\n[ 1 , { \"a\" : [ ] } ]\r\n", "0.1", "-0.000001", "2E+2", "1e-300",
    ])
    func parse_agreesWithJSONDecoder(_ document: String) throws {
        let expected = try JSONDecoder().decode(JSONValue.self, from: Data(document.utf8))
        let parsed = try JSONByteParser.parse(Array(document.utf8))
        #expect(parsed == expected)
        if case .number(let number) = expected, case .number(let mine) = parsed { #expect(number.sign == mine.sign) }
    }

    @Test(arguments: [
        "", "{", #"{"a":}"#, "[1,]", "[1 , ]", #"{"a":1,}"#, #"{"a":[1,{"b":2,}]}"#, "nul", #"{"a":1} trailing"#,
        "\u{FF}", "[01]", "[NaN]", "['a']", "//c\n[1]", "[1.]", "[.5]", "[1e]", "[-]", #"["\x"]"#, #"["\u12G4"]"#,
        "\"tab\there\"", #"{"a" 1}"#, "[1 2]", #"{1:2}"#, "tru", "[\"open",
    ])
    func malformedDocuments_throw(_ document: String) {
        #expect(throws: JSONValue.ParseError.self) { try JSONByteParser.parse(Array(document.utf8)) }
    }

    @Test func nestingBeyondTheLimit_throws_ratherThanRecursing() throws {
        let deep = String(repeating: "[", count: JSONByteParser.maximumDepth + 1) + String(repeating: "]", count: JSONByteParser.maximumDepth + 1)
        #expect(throws: JSONValue.ParseError.self) { try JSONByteParser.parse(Array(deep.utf8)) }
        let allowed = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(try JSONByteParser.parse(Array(allowed.utf8)) == JSONValue.parse(Array(allowed.utf8)))
    }
}
