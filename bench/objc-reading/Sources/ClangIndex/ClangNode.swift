/// One cursor of a parsed file's own code, copied out of libclang (its AST as `clang-c/Index.h`
/// shows it): what it is, its name, where it is in the file, and the cursors under it. A plain value,
/// so that nothing of libclang outlives ``ClangParser/parse(_:files:arguments:)``.
public struct ClangNode: Sendable, Equatable {
    public var kind: Kind
    /// `clang_getCursorSpelling`: a declaration's name, a method's or message's selector.
    public var spelling: String
    /// The byte offsets of its first byte and of the byte after its last one in the parsed file
    /// (where a macro expands for what a macro wrote).
    public var start: Int
    public var end: Int
    /// The line of its first byte, from 1.
    public var line: Int
    /// The spelling of its type, for parameters (`UIStoryboardSegue *`); empty otherwise.
    public var type: String
    /// A message's selector pieces, as byte offsets in the file: where each piece's name starts.
    public var selectorPieces: [Int]
    public var children: [ClangNode]

    public init(kind: Kind, spelling: String = "", start: Int = 0, end: Int = 0, line: Int = 1, type: String = "", selectorPieces: [Int] = [], children: [ClangNode] = []) {
        self.kind = kind
        self.spelling = spelling
        self.start = start
        self.end = end
        self.line = line
        self.type = type
        self.selectorPieces = selectorPieces
        self.children = children
    }

    /// `CXCursorKind`, the kinds the Objective-C reading looks at named.
    public struct Kind: RawRepresentable, Hashable, Sendable {
        public var rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        public static let varDecl = Kind(rawValue: 9)
        public static let parmDecl = Kind(rawValue: 10)
        public static let objCInterfaceDecl = Kind(rawValue: 11)
        public static let objCCategoryDecl = Kind(rawValue: 12)
        public static let objCProtocolDecl = Kind(rawValue: 13)
        public static let objCInstanceMethodDecl = Kind(rawValue: 16)
        public static let objCClassMethodDecl = Kind(rawValue: 17)
        public static let objCImplementationDecl = Kind(rawValue: 18)
        public static let objCCategoryImplDecl = Kind(rawValue: 19)
        public static let objCSuperClassRef = Kind(rawValue: 40)
        public static let objCClassRef = Kind(rawValue: 42)
        public static let declRefExpr = Kind(rawValue: 101)
        public static let memberRefExpr = Kind(rawValue: 102)
        public static let objCMessageExpr = Kind(rawValue: 104)
        public static let blockExpr = Kind(rawValue: 105)
        public static let binaryOperator = Kind(rawValue: 114)
        public static let compoundStmt = Kind(rawValue: 202)
        public static let caseStmt = Kind(rawValue: 203)
        public static let defaultStmt = Kind(rawValue: 204)
        public static let ifStmt = Kind(rawValue: 205)
        public static let switchStmt = Kind(rawValue: 206)
        public static let declStmt = Kind(rawValue: 231)
        public static let ibActionAttr = Kind(rawValue: 401)
    }
}

/// A file parsed by libclang: the cursors written in it (its includes' declarations left out), and
/// the errors clang reported (declarations it could not find, without the SDK, count here).
public struct ClangFile: Sendable {
    public var nodes: [ClangNode]
    /// The errors, in clang's order.
    public var diagnostics: [ClangDiagnostic]
    /// The byte ranges of the file's comments.
    public var comments: [Range<Int>]
}

/// An error clang reported: its text, and where (`path` empty when it has no place).
public struct ClangDiagnostic: Sendable, Equatable {
    public var message: String
    public var path: String
    public var line: Int
    public var offset: Int
}
