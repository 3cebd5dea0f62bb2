import Foundation
import Storyboard
import Testing

/// `JSONByteParser` (the store's snapshots and every request body) reads valid documents as
/// `JSONDecoder` does and refuses malformed ones, as strictly. (A number that underflows is 0, where
/// JSONDecoder refuses it.)
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
        #"["\ud800"]"#, #"["\udc00"]"#, #"["\ud83d\u0041"]"#, #"["\ud83dx"]"#, "[1e400]", "[-1e400]",
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

    /// Bytes that are not UTF-8 inside a string, with and without an escape before them: refused, as
    /// JSONDecoder refuses them, rather than read as U+FFFD.
    @Test(arguments: [[0xFF], [0xC3], [0xE6, 0xBC], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF5, 0x80, 0x80, 0x80]] as [[UInt8]])
    func stringsThatAreNotUTF8_throw(_ bad: [UInt8]) {
        for prefix in [#"{"k":"a"#, #"{"k":"\n"#] {
            let document = Array(prefix.utf8) + bad + Array(#""}"#.utf8)
            #expect(throws: JSONValue.ParseError.self) { try JSONByteParser.parse(document) }
            #expect(throws: JSONValue.ParseError.self) { try JSONByteParser.parseTopLevel(document) }
            let asKey = Array(#"{""#.utf8) + bad + Array(#"":1}"#.utf8)
            #expect(throws: JSONValue.ParseError.self) { try JSONByteParser.parseTopLevel(asKey) }
        }
    }

    /// A request body's members: in order of first appearance, the last value of a repeated key,
    /// with few keys (compared in turn) and with many (through a table).
    @Test(arguments: [3, 40])
    func parseTopLevel_keepsTheLastValueOfARepeatedKey(_ keyCount: Int) throws {
        let keys = (0..<keyCount).map { "k\($0)" }
        let members = keys.map { #""\#($0)":1"# } + keys.map { #""\#($0)":2"# } + [#""k0":"last""#]
        guard case .object(let parsed) = try JSONByteParser.parseTopLevel(Array("{\(members.joined(separator: ","))}".utf8)) else {
            Issue.record("not an object")
            return
        }
        #expect(parsed.members.map(\.key) == keys)
        #expect(parsed["k0"] == .string("last"))
        #expect(parsed.members.dropFirst().allSatisfy { $0.value == .number(2) })
    }

    @Test func parseTopLevel_givesOtherValuesWhole_andRefusesTrailingBytes() throws {
        guard case .other(let array) = try JSONByteParser.parseTopLevel(Array(" [1,{\"a\":[]}] ".utf8)) else {
            Issue.record("an array is not an object")
            return
        }
        #expect(array == .array([.number(1), .object(["a": .array([])])]))
        #expect(throws: JSONValue.ParseError.self) { try JSONByteParser.parseTopLevel(Array(#"{"a":1} {}"#.utf8)) }
        #expect(throws: JSONValue.ParseError.self) { try JSONByteParser.parseTopLevel(Array(#"{"a":1,}"#.utf8)) }
        #expect(throws: JSONValue.ParseError.self) { try JSONByteParser.parseTopLevel([]) }
    }
}
