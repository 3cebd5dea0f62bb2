import ClangIndex
public import Storyboard

/// Reads an app's Objective-C files with libclang (target ClangIndex): each file's class
/// declarations (`@interface`, categories and extensions, `@implementation`), their superclass,
/// their unwind actions (`- (IBAction)name:(UIStoryboardSegue *)sender`), and each implemented
/// instance method's navigation calls (``ObjectiveCBodyWalker``).
///
/// Without the iOS SDK: `<UIKit/UIKit.h>` and the other frameworks are answered with
/// ``ObjectiveCSDKStub``, the app's own headers are included from its sources (any header of the
/// app by name, as Xcode's header maps find them), and its prefix headers (`.pch`) are included
/// first, as Xcode does. A header that is nowhere (a pod's) is skipped, and clang keeps going.
public struct ObjectiveCClangReader: Sendable {
    static let root = "/app/"
    static let sdk = "/segued-sdk/"
    private let headers: [String: String]
    private let arguments: [String]
    /// The prefix headers (`.pch`) by the folder they are in.
    private let prefixes: [String: String]

    /// - Parameter sources: the app's sources by path (`.h`, `.pch` and the files to parse).
    public init(sources: [String: String]) {
        var headers: [String: String] = [:]
        var directories: Set<String> = []
        var prefixes: [String: String] = [:]
        for (path, text) in sources where path.hasSuffix(".h") || path.hasSuffix(".pch") {
            headers[Self.root + path] = text
            let directory = Self.directory(path)
            if path.hasSuffix(".pch") {
                if prefixes[directory].map({ path < $0 }) ?? true { prefixes[directory] = path }
            } else {
                directories.insert(Self.root + directory)
            }
        }
        self.prefixes = prefixes
        for framework in ObjectiveCSDKStub.frameworks {
            headers["\(Self.sdk)\(framework)/\(framework).h"] = ObjectiveCSDKStub.text
        }
        headers["\(Self.sdk)Availability.h"] = ObjectiveCSDKStub.text
        headers["\(Self.sdk)TargetConditionals.h"] = ObjectiveCSDKStub.text
        headers[Self.sdk + "segued-macros.h"] = ObjectiveCSDKStub.text + Self.unknownMacros(in: sources)
        self.headers = headers
        arguments = [
            "-target", "arm64-apple-ios14.0", "-fblocks", "-fobjc-weak", "-nostdinc", "-ferror-limit=0", "-w",
            "-I" + Self.sdk, "-include", Self.sdk + "segued-macros.h",
        ] + directories.sorted().map { "-I" + $0 }
    }

    /// Macros the sources use but do not define (a pod's, like Realm's `RLM_COLLECTION_TYPE(Item)`):
    /// a line of its own `NAME(…)` outside any body, in capitals, defined as nothing so that what
    /// follows it parses.
    static func unknownMacros(in sources: [String: String]) -> String {
        var used: Set<String> = []
        var defined: Set<String> = []
        for (path, text) in sources where path.hasSuffix(".h") || path.hasSuffix(".m") || path.hasSuffix(".pch") {
            for line in text.split(separator: "\n") {
                let trimmed = line.trimmed
                if trimmed.hasPrefix("#define ") {
                    defined.insert(String(trimmed.dropFirst(8).prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
                    continue
                }
                guard trimmed.hasSuffix(")"), let open = trimmed.firstIndex(of: "(") else { continue }
                let name = trimmed[..<open]
                if name.count > 2, name.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" }), name.first!.isUppercase {
                    used.insert(String(name))
                }
            }
        }
        return used.subtracting(defined).sorted().map { "#define \($0)(...)\n" }.joined()
    }

    static func directory(_ path: String) -> String { path.split(separator: "/").dropLast().joined(separator: "/") }

    /// The prefix header Xcode would include first in `path`: the one in the nearest folder above
    /// it, or the app's only one.
    func prefix(of path: String) -> String? {
        var directory = Self.directory(path)
        while true {
            if let found = prefixes[directory] { return found }
            if directory.isEmpty { break }
            directory = Self.directory(directory)
        }
        return prefixes.count == 1 ? prefixes.values.first : nil
    }

    /// The classes `path` declares, with the errors libclang reported (`path:line: message`); nil when it could not parse
    /// it. Parsed twice when the first parse misses declarations (``ObjectiveCMissingDeclarations``).
    public func parse(_ path: String, _ text: String) -> (classes: [DeclaredClass], errors: [String])? {
        let language = path.hasSuffix(".mm") ? "objective-c++" : "objective-c"
        var files = headers
        files[Self.root + path] = text
        var arguments = ["-x", language] + self.arguments + (self.prefix(of: path).map { ["-include", Self.root + $0] } ?? [])
        guard var file = ClangParser.parse(Self.root + path, files: files, arguments: arguments) else { return nil }
        let missing = ObjectiveCMissingDeclarations(file.diagnostics, files: files)
        if !missing.isEmpty {
            let header = Self.sdk + "segued-missing.h"
            files[header] = missing.header
            arguments.insert(contentsOf: ["-include", header], at: 2)
            guard let again = ClangParser.parse(Self.root + path, files: files, arguments: arguments) else { return nil }
            file = again
        }
        // The texts the reading quotes (conditions, arguments) without their comments.
        var bytes = Array(text.utf8)
        for comment in file.comments where comment.upperBound <= bytes.count {
            for index in comment where bytes[index] != UInt8(ascii: "\n") { bytes[index] = UInt8(ascii: " ") }
        }
        let errors = file.diagnostics.map { "\($0.path.dropFirst(Self.root.count)):\($0.line): \($0.message)" }
        return (file.nodes.compactMap { Self.declared($0, bytes) }, errors)
    }

    public func classes(inObjectiveC path: String, _ text: String) -> [DeclaredClass] {
        parse(path, text)?.classes ?? []
    }

    static func declared(_ node: ClangNode, _ bytes: [UInt8]) -> DeclaredClass? {
        let classReference = node.children.first { $0.kind == .objCClassRef }?.spelling
        let name: String?
        switch node.kind {
        case .objCInterfaceDecl, .objCImplementationDecl: name = node.spelling
        case .objCCategoryDecl, .objCCategoryImplDecl: name = classReference
        default: return nil
        }
        guard let name, !name.isEmpty else { return nil }
        let superclass = node.children.first { $0.kind == .objCSuperClassRef }?.spelling
        var declared = DeclaredClass(name: name, superclass: superclass)
        let implements = node.kind == .objCImplementationDecl || node.kind == .objCCategoryImplDecl
        for method in node.children where method.kind == .objCInstanceMethodDecl {
            let parameters = method.children.filter { $0.kind == .parmDecl }
            if method.children.contains(where: { $0.kind == .ibActionAttr }), let first = parameters.first,
                first.type.hasPrefix("UIStoryboardSegue"), let piece = method.spelling.split(separator: ":").first
            {
                declared.unwindActions.append(piece + ":")
            }
            if implements, let body = method.children.last, body.kind == .compoundStmt, declared.methods[method.spelling] == nil {
                var walker = ObjectiveCBodyWalker(bytes: bytes)
                walker.read(body)
                declared.methods[method.spelling] = MethodBody(source: "\(method.line)", operations: walker.operations)
            }
        }
        return declared
    }
}
