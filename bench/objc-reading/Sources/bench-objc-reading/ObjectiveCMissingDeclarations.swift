import ClangIndex

/// Declarations for what a first parse found missing (the SDK's and pods' classes, protocols,
/// constants and properties, which are not in the sources): declared as loosely as Objective-C
/// allows — a class as an `NSObject` subclass, a property as `id` — and the file parsed again, so
/// that the statements that name them are not lost to an error.
struct ObjectiveCMissingDeclarations {
    private(set) var classes: Set<String> = []
    private(set) var protocols: Set<String> = []
    private(set) var constants: Set<String> = []
    /// Types named without a `*` (`CLLocationDegrees latitude`): scalars.
    private(set) var values: Set<String> = []
    /// Classes given type arguments (`RLMArray<Item *>`).
    private(set) var generics: Set<String> = []
    /// Properties not found on the object they are read from (declared on `NSObject`, so that a
    /// class of the app declared after this header has them too).
    private(set) var properties: Set<String> = []

    var isEmpty: Bool { classes.isEmpty && protocols.isEmpty && constants.isEmpty && properties.isEmpty && values.isEmpty }

    /// - Parameter files: path → text, for the identifier at an error's place.
    init(_ diagnostics: [ClangDiagnostic], files: [String: String]) {
        for diagnostic in diagnostics {
            let message = diagnostic.message
            let quoted = Self.quoted(message)
            if message.hasPrefix("unknown type name "), let name = quoted.first {
                insertType(name, next: files[diagnostic.path].flatMap { Self.next(in: $0, after: diagnostic.offset + name.utf8.count) })
            } else if message.hasPrefix("type arguments cannot be applied to non-parameterized class "), let name = quoted.first {
                generics.insert(name)
            } else if message.hasPrefix("cannot find interface declaration for "), let name = quoted.first {
                classes.insert(name)
            } else if message.hasPrefix("no type or protocol named ") || message.hasPrefix("cannot find protocol declaration for "), let name = quoted.first {
                protocols.insert(name)
            } else if message.hasPrefix("property "), message.contains(" not found on object of type "), quoted.count == 2 {
                properties.insert(quoted[0])
            } else if message == "expected a type" || message.hasPrefix("use of undeclared identifier "),
                let text = files[diagnostic.path], let (name, afterBracket) = Self.identifier(in: text, at: diagnostic.offset),
                name.first?.isUppercase == true || (name.first == "k" && name.dropFirst().first?.isUppercase == true)
            {
                if message == "expected a type" {
                    insertType(name, next: Self.next(in: text, after: diagnostic.offset + name.utf8.count))
                } else if afterBracket || Self.next(in: text, after: diagnostic.offset + name.utf8.count) == UInt8(ascii: "*") {
                    // `[Name message]`, or `Name *variable = …` read as a multiplication.
                    classes.insert(name)
                } else {
                    constants.insert(name)
                }
            }
        }
        constants.subtract(classes)
        values.subtract(classes)
    }

    /// The header declaring them, after the stub.
    var header: String {
        var lines = ["#import <Foundation/Foundation.h>", "#import <UIKit/UIKit.h>"]
        lines += protocols.sorted().map { "@protocol \($0) <NSObject> @end" }
        lines += values.sorted().map { "typedef double \($0);" }
        lines += classes.sorted().map { "@interface \($0)\(generics.contains($0) ? "<T>" : "") : NSObject @end" }
        lines += constants.sorted().enumerated().map { "enum { \($1) = \(7_000 + $0) };" }
        if !properties.isEmpty {
            lines.append("@interface NSObject (SeguedMissing)")
            lines += properties.sorted().map { "@property (strong) id \($0);" }
            lines.append("@end")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A type name: a class when a `*` follows it (a generic one when `<` does), a scalar otherwise.
    private mutating func insertType(_ name: String, next: UInt8?) {
        switch next {
        case UInt8(ascii: "*"): classes.insert(name)
        case UInt8(ascii: "<"): classes.insert(name); generics.insert(name)
        default: values.insert(name)
        }
    }

    /// The first byte after `offset` that is not white space.
    static func next(in text: String, after offset: Int) -> UInt8? {
        let bytes = text.utf8
        guard offset < bytes.count else { return nil }
        return bytes.dropFirst(offset).first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\n") }
    }

    /// The names between single quotes in a message.
    static func quoted(_ message: String) -> [String] {
        message.split(separator: "'", omittingEmptySubsequences: false).enumerated().compactMap { $0.offset % 2 == 1 ? String($0.element) : nil }
    }

    /// The identifier at `offset` of `text`, and whether a `[` comes right before it (a receiver).
    static func identifier(in text: String, at offset: Int) -> (String, Bool)? {
        let bytes = Array(text.utf8)
        guard offset < bytes.count else { return nil }
        func isWord(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "_") || (byte >= 48 && byte <= 57) || (byte | 0x20 >= 97 && byte | 0x20 <= 122) }
        var end = offset
        while end < bytes.count, isWord(bytes[end]) { end += 1 }
        guard end > offset else { return nil }
        var before = offset - 1
        while before >= 0, bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: "\n") || bytes[before] == UInt8(ascii: "\t") { before -= 1 }
        return (String(decoding: bytes[offset..<end], as: UTF8.self), before >= 0 && bytes[before] == UInt8(ascii: "["))
    }
}
