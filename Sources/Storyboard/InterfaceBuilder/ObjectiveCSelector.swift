/// The Objective-C selector Swift gives a method it exports, by the compiler's own rule
/// (swiftlang/swift, lib/AST/Decl.cpp, `AbstractFunctionDecl::getObjCSelector`): no argument gives
/// the base name; one unnamed argument `base:`; otherwise the first argument's label is appended to
/// the base name in sentence case, with `With` between them unless the label's first word or the
/// base name's last word is a preposition (include/swift/Basic/PartsOfSpeech.def), and every
/// further label makes a piece of its own (`_` an empty one).
///
/// `unwindToMealList(sender:)` → `unwindToMealListWithSender:`, `unwind(_:)` → `unwind:`,
/// `unwind(for:)` → `unwindFor:`, `unwindTo(list:)` → `unwindToList:`.
public enum ObjectiveCSelector {
    /// PartsOfSpeech.def's prepositions (DIRECTIONAL_PREPOSITION and PREPOSITION), compared
    /// case-insensitively as `getPrepositionKind` does.
    static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for",
        "from", "given", "in", "including", "inside", "into", "matching", "of", "on", "passing",
        "preceding", "since", "to", "until", "using", "via", "when", "with", "within",
    ]

    /// - Parameter labels: the argument labels, `_` (or empty) for an unnamed argument.
    public static func selector(base: String, labels: [String]) -> String {
        let names = labels.map { $0 == "_" ? "" : $0 }
        guard let first = names.first else { return base }
        var firstPiece = base
        if !first.isEmpty {
            if !isPreposition(firstWord(first)) && !isPreposition(lastWord(base)) { firstPiece += "With" }
            firstPiece += first.prefix(1).uppercased() + first.dropFirst()
        }
        return ([firstPiece] + names.dropFirst()).map { $0 + ":" }.joined()
    }

    static func isPreposition(_ word: Substring) -> Bool { prepositions.contains(word.lowercased()) }

    /// camelCase's first word: up to the first capital after the start (`forSegue` → `for`).
    static func firstWord(_ name: String) -> Substring {
        let rest = name.dropFirst()
        guard let end = rest.firstIndex(where: \.isUppercase) else { return name[...] }
        return name[..<end]
    }

    /// camelCase's last word: from the last capital (`unwindToMealList` → `List`); a trailing run of
    /// capitals is one word (`loadURL` → `URL`).
    static func lastWord(_ name: String) -> Substring {
        var start = name.endIndex
        while start > name.startIndex, !name[name.index(before: start)].isUppercase { start = name.index(before: start) }
        if start == name.endIndex {
            while start > name.startIndex, name[name.index(before: start)].isUppercase { start = name.index(before: start) }
        } else if start > name.startIndex {
            start = name.index(before: start)
        }
        return name[start...]
    }
}
