import Foundation
import Storyboard

/// One Objective-C message of a method body, as its source writes it, and what it does to
/// navigation (spec §5.13): `dismissViewControllerAnimated:completion:`, `popViewControllerAnimated:`,
/// `popToRootViewControllerAnimated:`, `performSegueWithIdentifier:sender:` with a literal
/// identifier, `presentViewController:animated:completion:`, `pushViewController:animated:`,
/// `showViewController:sender:`, `showDetailViewController:sender:` of
/// `instantiateViewControllerWithIdentifier:` (directly or through a variable of the method, from
/// `self.storyboard` or `[UIStoryboard storyboardWithName:bundle:]`), on the controller or its
/// containers; other messages to `self` are calls for the resolver to follow.
///
/// The rules of segued's own reader (Sources/Storyboard/InterfaceBuilder/ObjectiveCBodyReader.swift,
/// `record` and `presentation`), copied so that both readings judge a message alike: what the bench
/// compares is how each finds the messages, branches, blocks and variables.
struct ObjectiveCMessage {
    /// The receiver's text (`self`, `self.navigationController`, `[self storyboard]`).
    var receiver: String
    var selector: String
    /// Each argument's text, runs of white space made one space.
    var arguments: [String]

    static let containerReceivers: Set<String> = [
        "navigationController", "presentingViewController", "splitViewController", "tabBarController", "parentViewController",
    ]

    /// What the message does, or nil when it does nothing to navigation; `later` says why it may
    /// run later (in a block). `assignments`: the body's variables to the text of their first value.
    func operation(when: [String], later: String?, assignments: [String: String]) -> CodeOperation? {
        var receiver = receiver
        if receiver.hasPrefix("self.") { receiver.removeFirst(5) }
        if receiver.hasPrefix("[self "), receiver.hasSuffix("]") { receiver = String(receiver.dropFirst(6).dropLast()).trimmed }
        // `__weak typeof(self) weakSelf = self;` and its strong copy are the controller itself.
        if receiver == "weakSelf" || receiver == "strongSelf" { receiver = "self" }
        let onSelf = receiver == "self" || receiver == "super"
        let onContainer = onSelf || Self.containerReceivers.contains(receiver)
        func elsewhere(_ selector: String) -> CodeOperation.Kind {
            .unread(reason: "\(selector) is sent to \(self.receiver), not to the controller or its containers")
        }
        let kind: CodeOperation.Kind
        switch selector {
        case "dismissViewControllerAnimated:completion:", "dismissModalViewControllerAnimated:":
            kind = onContainer ? .dismiss : elsewhere(selector)
        case "popViewControllerAnimated:":
            kind = onContainer ? .pop : elsewhere(selector)
        case "popToRootViewControllerAnimated:":
            kind = onContainer ? .popToRoot : elsewhere(selector)
        case "performSegueWithIdentifier:sender:":
            if !onSelf {
                kind = elsewhere(selector)
            } else if let identifier = Self.literal(arguments[0]) {
                kind = .segue(identifier: identifier)
            } else {
                kind = .unread(reason: "performSegueWithIdentifier: with a computed identifier: \(arguments[0])")
            }
        case "presentViewController:animated:completion:", "presentModalViewController:animated:":
            kind = onContainer ? presentation(.present, assignments) : elsewhere(selector)
        case "pushViewController:animated:":
            kind = onContainer ? presentation(.push, assignments) : elsewhere(selector)
        case "showViewController:sender:":
            kind = onContainer ? presentation(.show, assignments) : elsewhere(selector)
        case "showDetailViewController:sender:":
            kind = onContainer ? presentation(.showDetail, assignments) : elsewhere(selector)
        default:
            if CodeOperation.isHandOff(receiver), !["respondsToSelector:", "conformsToProtocol:", "isKindOfClass:"].contains(selector) {
                kind = .unread(reason: "sends \(selector) to \(self.receiver), which may navigate")
                break
            }
            guard receiver == "self", let first = selector.first, first.isLowercase else { return nil }
            kind = .call(selector: selector, later: later)
        }
        let joined = when.isEmpty ? nil : when.joined(separator: " and ")
        if let later, !kind.isCall {
            return CodeOperation(.unread(reason: "\(selector) \(later)"), when: joined)
        }
        return CodeOperation(kind, when: joined)
    }

    private func presentation(_ presentation: CodeOperation.Presentation, _ assignments: [String: String]) -> CodeOperation.Kind {
        var argument = arguments[0]
        for _ in 0..<4 {
            if let value = assignments[argument] { argument = value } else { break }
        }
        guard let instantiate = argument.range(of: "instantiateViewControllerWithIdentifier:") else {
            // `[UIAlertController alertControllerWithTitle:…]`, `[[Foo alloc] init]`: the class it names.
            let maker = argument.drop { $0 == "[" || $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if argument != arguments[0] || argument.hasPrefix("["), !maker.isEmpty {
                return .unread(reason: "\(selector) of \(arguments[0]): a controller made by \(maker), not instantiated from a storyboard")
            }
            return .unread(reason: "\(selector) of \(arguments[0]): not a controller instantiated from a storyboard in this method")
        }
        let rest = argument[instantiate.upperBound...].trimmed
        guard let identifier = Self.literal(String(rest.prefix { $0 != "]" })) else {
            return .unread(reason: "\(selector) of \(arguments[0]): a computed storyboard identifier")
        }
        // The storyboard: the receiver of instantiateViewControllerWithIdentifier:.
        var storyboardText = String(argument[..<instantiate.lowerBound]).trimmed
        if storyboardText.hasPrefix("[") { storyboardText.removeFirst() }
        storyboardText = storyboardText.trimmed
        for _ in 0..<4 {
            if let value = assignments[storyboardText] { storyboardText = value } else { break }
        }
        if ["self.storyboard", "[self storyboard]", "self.navigationController.storyboard"].contains(storyboardText) {
            return .instantiate(presentation, storyboardIdentifier: identifier, storyboard: nil)
        }
        if let named = storyboardText.range(of: "storyboardWithName:") {
            let name = storyboardText[named.upperBound...].trimmed.prefix { $0 != " " && $0 != "]" }
            if let name = Self.literal(String(name)) {
                return .instantiate(presentation, storyboardIdentifier: identifier, storyboard: name)
            }
            return .unread(reason: "\(selector) of \(arguments[0]): a storyboard with a computed name")
        }
        return .unread(reason: "\(selector) of \(arguments[0]): instantiated from the storyboard \(storyboardText)")
    }

    /// `@"text"` → `text`.
    static func literal(_ text: String) -> String? {
        let text = text.trimmed
        guard text.hasPrefix("@\""), text.hasSuffix("\""), text.count >= 3 else { return nil }
        let inner = text.dropFirst(2).dropLast()
        guard !inner.contains("\"") else { return nil }
        return String(inner)
    }
}

extension StringProtocol {
    var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" || $0 == "\n" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\n" }.reversed())
    }
}

extension CodeOperation.Kind {
    var isCall: Bool { if case .call = self { true } else { false } }
}
