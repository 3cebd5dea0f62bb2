internal import CClang
#if canImport(Glibc)
internal import Glibc
#endif

/// Parses one C-family file with libclang (Debian's libclang-dev): the Swift face of libclang, the
/// only code that calls it (its pointers, strings and callbacks stay in this target, as
/// libmicrohttpd's do in HTTPServer and SQLite's in Store/SQLite).
///
/// Files are given in memory (libclang's unsaved files): the one parsed and every header it may
/// include, at the paths the arguments' `-I` directories name; nothing is read from disk.
public enum ClangParser {
    /// - Parameters:
    ///   - path: the file to parse, a key of `files`.
    ///   - files: path → contents: the file, the headers it may include.
    ///   - arguments: the compiler's arguments (`-x objective-c`, `-I/dir`, …).
    /// - Returns: nil when libclang could not make a translation unit at all.
    public static func parse(_ path: String, files: [String: String], arguments: [String]) -> ClangFile? {
        guard files[path] != nil else { return nil }
        let index = clang_createIndex(0, 0)
        defer { clang_disposeIndex(index) }
        // C strings that live as long as the parse: the unsaved files' names and contents, the arguments.
        var owned: [UnsafeMutablePointer<CChar>] = []
        defer { owned.forEach { free($0) } }
        func copy(_ text: String) -> UnsafeMutablePointer<CChar> {
            let pointer = strdup(text)!
            owned.append(pointer)
            return pointer
        }
        let unsaved = files.map { name, text in
            CXUnsavedFile(Filename: copy(name), Contents: copy(text), Length: UInt(text.utf8.count))
        }
        let argv: [UnsafePointer<CChar>?] = arguments.map { UnsafePointer(copy($0)) }
        var unit: CXTranslationUnit?
        // KeepGoing: a header that is not there (a pod's, the SDK's) is a fatal error that would
        // otherwise end the parse; the file's own code is still read.
        let options = CXTranslationUnit_KeepGoing.rawValue
        let status = unsaved.withUnsafeBufferPointer { files in
            argv.withUnsafeBufferPointer { argv in
                clang_parseTranslationUnit2(
                    index, path, argv.baseAddress, Int32(argv.count),
                    UnsafeMutablePointer(mutating: files.baseAddress), UInt32(files.count), options, &unit)
            }
        }
        guard status == CXError_Success, let unit else { return nil }
        defer { clang_disposeTranslationUnit(unit) }
        let builder = TreeBuilder()
        clang_visitChildren(clang_getTranslationUnitCursor(unit), visitTopLevel, Unmanaged.passUnretained(builder).toOpaque())
        var diagnostics: [ClangDiagnostic] = []
        for number in 0..<clang_getNumDiagnostics(unit) {
            let diagnostic = clang_getDiagnostic(unit, number)
            defer { clang_disposeDiagnostic(diagnostic) }
            guard clang_getDiagnosticSeverity(diagnostic).rawValue >= CXDiagnostic_Error.rawValue else { continue }
            var file: CXFile?
            var line: UInt32 = 0
            var offset: UInt32 = 0
            clang_getExpansionLocation(clang_getDiagnosticLocation(diagnostic), &file, &line, nil, &offset)
            diagnostics.append(ClangDiagnostic(
                message: string(clang_getDiagnosticSpelling(diagnostic)), path: file.map { string(clang_getFileName($0)) } ?? "",
                line: Int(line), offset: Int(offset)))
        }
        return ClangFile(nodes: builder.levels[0], diagnostics: diagnostics, comments: comments(unit, path))
    }
}

/// The byte ranges of the comments in `path`, from libclang's tokens of the whole file.
private func comments(_ unit: CXTranslationUnit, _ path: String) -> [Range<Int>] {
    guard let file = clang_getFile(unit, path) else { return [] }
    var size = 0
    guard clang_getFileContents(unit, file, &size) != nil else { return [] }
    let range = clang_getRange(clang_getLocationForOffset(unit, file, 0), clang_getLocationForOffset(unit, file, UInt32(size)))
    var tokens: UnsafeMutablePointer<CXToken>?
    var count: UInt32 = 0
    clang_tokenize(unit, range, &tokens, &count)
    guard let tokens else { return [] }
    defer { clang_disposeTokens(unit, tokens, count) }
    var result: [Range<Int>] = []
    for index in 0..<Int(count) where clang_getTokenKind(tokens[index]) == CXToken_Comment {
        let extent = clang_getTokenExtent(unit, tokens[index])
        let start = offset(clang_getRangeStart(extent)).offset
        let end = offset(clang_getRangeEnd(extent)).offset
        if start < end { result.append(start..<end) }
    }
    return result
}

/// The nodes being built, one array per open level (the outermost first).
private final class TreeBuilder {
    var levels: [[ClangNode]] = [[]]
}

private func string(_ text: CXString) -> String {
    defer { clang_disposeString(text) }
    guard let characters = clang_getCString(text) else { return "" }
    return String(cString: characters)
}

private func offset(_ location: CXSourceLocation) -> (offset: Int, line: Int) {
    var line: UInt32 = 0
    var offset: UInt32 = 0
    clang_getExpansionLocation(location, nil, &line, nil, &offset)
    return (Int(offset), Int(line))
}

/// The translation unit's children: those written in the parsed file, not in its includes.
private func visitTopLevel(_ cursor: CXCursor, _ parent: CXCursor, _ data: CXClientData?) -> CXChildVisitResult {
    guard clang_Location_isFromMainFile(clang_getCursorLocation(cursor)) != 0 else { return CXChildVisit_Continue }
    return visit(cursor, parent, data)
}

private func visit(_ cursor: CXCursor, _ parent: CXCursor, _ data: CXClientData?) -> CXChildVisitResult {
    let builder = Unmanaged<TreeBuilder>.fromOpaque(data!).takeUnretainedValue()
    let kind = clang_getCursorKind(cursor)
    let extent = clang_getCursorExtent(cursor)
    let start = offset(clang_getRangeStart(extent))
    var node = ClangNode(
        kind: ClangNode.Kind(rawValue: Int32(kind.rawValue)), spelling: string(clang_getCursorSpelling(cursor)),
        start: start.offset, end: offset(clang_getRangeEnd(extent)).offset, line: start.line)
    if kind == CXCursor_ParmDecl {
        node.type = string(clang_getTypeSpelling(clang_getCursorType(cursor)))
    }
    if kind == CXCursor_ObjCMessageExpr {
        var piece: UInt32 = 0
        while piece < 64 {
            let range = clang_Cursor_getSpellingNameRange(cursor, piece, 0)
            guard clang_Range_isNull(range) == 0 else { break }
            node.selectorPieces.append(offset(clang_getRangeStart(range)).offset)
            piece += 1
        }
    }
    builder.levels.append([])
    clang_visitChildren(cursor, visit, data)
    node.children = builder.levels.removeLast()
    builder.levels[builder.levels.count - 1].append(node)
    return CXChildVisit_Continue
}
