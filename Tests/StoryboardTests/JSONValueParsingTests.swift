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

    /// Request bodies: the top-level object as a list of members (read by JSONByteParser), every
    /// value as `parse` (JSONSerialization) gives it: the two parsers agree.
    @Test(arguments: [
        #"{"identifier":"addItem","source":"vc3"}"#,
        #"{"a":true,"b":null,"c":1.5,"data":{"nested":[1,"x",{"k":false}]},"é 漢字":"🚀"}"#,
        "{}",
    ])
    func parseTopLevel_objectMembers_matchParse(_ document: String) throws {
        guard case .object(let expected) = try JSONValue.parse(Array(document.utf8)),
            case .object(let members) = try JSONValue.parseTopLevel(Array(document.utf8))
        else {
            Issue.record("not parsed as an object: \(document)")
            return
        }
        #expect(members.members.count == expected.count)
        for (key, value) in expected { #expect(members[key] == value, "\(key)") }
        #expect(members["absent"] == nil)
    }

    @Test func parseTopLevel_otherValues_andMalformed() throws {
        guard case .other(let array) = try JSONValue.parseTopLevel(Array("[1,true]".utf8)) else {
            Issue.record("an array is not an object")
            return
        }
        #expect(array == .array([.number(1), .bool(true)]))
        guard case .other(let string) = try JSONValue.parseTopLevel(Array(#""text""#.utf8)) else {
            Issue.record("a string is not an object")
            return
        }
        #expect(string == .string("text"))
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parseTopLevel(Array(#"{"a":1,}"#.utf8)) }
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parseTopLevel(Array("{".utf8)) }
    }

    @Test func members_rejectedKeys_areSortedAndOnlyTheUnknown() throws {
        guard case .object(let members) = try JSONValue.parseTopLevel(Array(#"{"zeta":1,"source":"vc3","alpha":2,"data":{}}"#.utf8)) else {
            Issue.record("not an object")
            return
        }
        let known: Set<String> = ["source", "data"]
        #expect(members.keys(rejectedBy: known.contains) == ["alpha", "zeta"])
        #expect(members.keys(rejectedBy: { _ in true }) == [])
    }
}
