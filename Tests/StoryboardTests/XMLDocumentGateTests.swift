import Foundation
import Testing

@testable import Storyboard

/// Documents refused before the XML parser sees them (the entity bomb in other encodings, and the
/// attribute flood) and the storyboards that still pass.
struct XMLDocumentGateTests {
    static let bomb = """
        <?xml version="1.0" encoding="ENCODING"?>
        <!DOCTYPE document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">&b;</document>
        """

    static func refusal(_ data: Data) -> StoryboardError? {
        do throws(StoryboardError) {
            _ = try InterfaceBuilderImporter.load(data, name: "Main")
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("UTF-16", String.Encoding.utf16), ("UTF-16LE", .utf16LittleEndian), ("UTF-16BE", .utf16BigEndian),
        ("UTF-32", .utf32),
    ])
    func aDTDInAnotherEncoding_isRefused(name: String, encoding: String.Encoding) throws {
        let data = try #require(Self.bomb.replacingOccurrences(of: "ENCODING", with: name).data(using: encoding))
        let error = try #require(Self.refusal(data))
        #expect(error.kind == .refused)
        #expect(error.issues.map(\.message) == ["documents must be UTF-8 (found UTF-16 or UTF-32): storyboards are written in UTF-8"])
    }

    @Test func anEBCDICDocument_isRefused() throws {
        // "<?xm" in EBCDIC (code page 037), as libxml2 detects it.
        let data = Data([0x4C, 0x6F, 0xA7, 0x94]) + Data(repeating: 0x40, count: 10)
        let error = try #require(Self.refusal(data))
        #expect(error.issues.map(\.message) == ["documents must be UTF-8 (found an encoding that is not ASCII-compatible): storyboards are written in UTF-8"])
    }

    @Test func aDeclaredEncodingOtherThanUTF8_isRefused() throws {
        let data = Data(#"<?xml version="1.0" encoding='UTF-7'?>+ADw-!DOCTYPE d+AD4-<document/>"#.utf8)
        let error = try #require(Self.refusal(data))
        #expect(error.issues.map(\.message) == ["documents must be UTF-8 (found UTF-7): storyboards are written in UTF-8"])
    }

    @Test func tooManyAttributesOnOneElement_areRefused_whereTheElementStarts() throws {
        let attributes = (0..<513).map { #"a\#($0)="x>=y""# }.joined(separator: " ")
        let data = Data("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<document><v \(attributes)/></document>".utf8)
        let error = try #require(Self.refusal(data))
        #expect(error.kind == .refused)
        #expect(error.issues.map(\.message) == ["an element has more than 512 attributes"])
        #expect(error.issues.first?.line == 2)
        #expect(error.issues.first?.column == 11)
    }

    @Test func markupInCommentsCDATAAndValues_isNotMistakenForADTD() throws {
        let data = Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- <!DOCTYPE in a comment, don't -->
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" note="a > b, '&lt;!DOCTYPE' = 1">
                <scenes><scene sceneID="a"><objects><viewController id="v" sceneMemberID="viewController"/></objects></scene></scenes>
                <string><![CDATA[<!ENTITY y "z">]]></string>
            </document>
            """.utf8)
        #expect(Self.refusal(data)?.issues.map(\.message) == nil)
    }

    @Test func entityExpansion_pastTheGate_isStoppedByTheParser() {
        // Were a DTD to reach the parser: libxml2 expands entities in attribute values (20,000
        // bytes referenced 400 times: 8 MB from 16 KB), which the builder bounds by the document's size.
        let entity = String(repeating: "x", count: 20_000)
        let references = String(repeating: "&e;", count: 400)
        let data = Data("<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY e \"\(entity)\">]><d a=\"\(references)\"/>".utf8)
        do throws(StoryboardError) {
            _ = try XMLElementTree.parseChecked(data)
            Issue.record("expected a refusal")
        } catch {
            #expect(error.kind == .refused)
            #expect(error.issues.map(\.message) == ["documents with <!ENTITY declarations are refused (DTDs and entities are not allowed)"])
        }
    }
}
